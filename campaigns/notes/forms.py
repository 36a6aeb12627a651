"""The notes' settings: a player's address and how often, and their choice for each table."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.models import PER_MOVE
from campaigns.notes.models import Often

AS_USUAL = ""
"""A table's choice: the player's own default."""


class ReaderForm(forms.Form):
    address = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        help_text=_("Used for nothing but these notes. Leave it empty to receive none."),
    )
    often = forms.ChoiceField(label=_("How often"), choices=Often.choices, widget=forms.RadioSelect)


class TableForm(forms.Form):
    table = forms.UUIDField(widget=forms.HiddenInput)
    often = forms.ChoiceField(
        label=_("Notes for this table"), choices=[(AS_USUAL, _("As chosen above")), *Often.choices]
    )


class PerMoveForm(forms.Form):
    days = forms.TypedChoiceField(coerce=int, choices=[(d, str(d)) for d in PER_MOVE])
