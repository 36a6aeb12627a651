from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext_lazy

from campaigns.sharing.models import Role


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        choices=(
            (Role.WATCH, gettext_lazy("Watch: see the board as it is played, and its log")),
            (Role.PLAY, gettext_lazy("Play: take actions and undo them too; at a table, take an open seat")),
        ),
        initial=Role.WATCH,
        widget=forms.RadioSelect,
        label=gettext_lazy("The friend may"),
    )
    single_use = forms.BooleanField(
        required=False, label=gettext_lazy("One person only (the link stops working once used)")
    )
    request = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class TokenForm(forms.Form):
    """An invite link's token, as the link's page posts it or as pasted by hand."""

    token = forms.CharField(max_length=2000, label=gettext_lazy("Invite link"))

    def clean_token(self) -> str:
        """The token alone, from the whole link or from what follows its ``#``."""
        text: str = self.cleaned_data["token"].strip()
        return text.rsplit("#", 1)[-1].strip()
