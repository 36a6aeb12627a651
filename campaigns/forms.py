from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator

from campaigns.models import Campaign, GameAction, Role
from engine.yu import Action, MalformedAction
from engine.yu.difficulty import Difficulty


class CampaignForm(forms.ModelForm[Campaign]):
    name = forms.CharField(
        max_length=80,
        widget=forms.TextInput(attrs={"placeholder": "e.g. The Yellow River", "autocomplete": "off"}),
    )
    difficulty = forms.TypedChoiceField(
        choices=[(d.value, f"{d.value.capitalize()}: {d.describe}") for d in Difficulty],
        coerce=Difficulty,
        initial=Difficulty.STANDARD.value,
        required=False,
        empty_value=Difficulty.STANDARD,
        widget=forms.RadioSelect,
    )
    """Left out (an older page's form), the rulebook's."""
    request = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
    """Made afresh with each form shown: posting it twice makes one campaign."""

    class Meta:
        model = Campaign
        fields = ("name",)

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the campaign a name.")
        return name


class ActionForm(forms.Form):
    """An action as a form posts it: its key (or ``undo``) and the board
    version the player saw. The key becomes an :class:`Action` here, once."""

    key = forms.CharField(max_length=200)
    version = forms.IntegerField(min_value=0)
    confirm = forms.BooleanField(required=False)
    """The player confirmed an action that loses the game."""

    def clean_key(self) -> Action | None:
        """The action, or None for an undo."""
        key: str = self.cleaned_data["key"]
        if key == GameAction.UNDO:
            return None
        try:
            return Action.parse(key)
        except MalformedAction as exc:
            raise forms.ValidationError(str(exc)) from exc


class InviteForm(forms.Form):
    role = forms.ChoiceField(
        choices=(
            (Role.WATCH, "Watch: see the board, the log and the story read so far"),
            (Role.PLAY, "Play: take actions and undo them too"),
        ),
        initial=Role.WATCH,
        widget=forms.RadioSelect,
        label="The friend may",
    )
    single_use = forms.BooleanField(
        required=False, label="One person only (the link stops working once used)"
    )


class HintForm(forms.Form):
    """Asking for a hint: the board version the player saw."""

    version = forms.IntegerField(min_value=0)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class DeleteForm(forms.Form):
    """Deleting asks for the campaign's name, typed out."""

    name = forms.CharField(max_length=80, label="Type the campaign's name to delete it")

    def __init__(self, campaign: Campaign, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        self.fields["name"].widget.attrs["autocomplete"] = "off"

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if name != self.campaign.name:
            raise forms.ValidationError("That is not this campaign's name: nothing was deleted.")
        return name


class ImportForm(forms.Form):
    file = forms.FileField(label="Campaign file", help_text="A .yu.json file saved from a campaign's page.")


class TokenForm(forms.Form):
    """An invite link's token, as the link's page posts it or as pasted by hand."""

    token = forms.CharField(max_length=2000, label="Invite link")

    def clean_token(self) -> str:
        """The token alone, from the whole link or from what follows its ``#``."""
        text: str = self.cleaned_data["token"].strip()
        return text.rsplit("#", 1)[-1].strip()


class LoginForm(AuthenticationForm):
    """Django's log-in form, which also refuses a username longer than any account's
    before it is looked up (or recorded as a failed try)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        assert isinstance(field, forms.CharField) and field.max_length is not None
        field.validators.append(MaxLengthValidator(field.max_length))
