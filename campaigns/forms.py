from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from campaigns.bot_names import PLAYS_WELL, STYLES, bot_name
from campaigns.models import DIFFICULTY_NAMES, Campaign, TableSeat, said_lazily
from campaigns.reader import said
from campaigns.store import OPEN
from engine.games import TABLES
from engine.yu.campaign.difficulty import Difficulty


class CampaignForm(forms.ModelForm[Campaign]):
    name = forms.CharField(
        max_length=80,
        label=gettext_lazy("Name"),
        widget=forms.TextInput(
            attrs={"placeholder": gettext_lazy("e.g. The Yellow River"), "autocomplete": "off"}
        ),
    )
    difficulty = forms.TypedChoiceField(
        label=gettext_lazy("Difficulty"),
        choices=[
            (d.value, format_lazy("{}: {}", DIFFICULTY_NAMES[d], said_lazily(d.describe))) for d in Difficulty
        ],
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
            raise forms.ValidationError(_("Give the campaign a name."))
        return name


class ActionForm(forms.Form):
    """A move as a form posts it: its key (the game's session reads it, or ``undo``) and the
    version of the board the player saw."""

    key = forms.CharField(max_length=200)
    text = forms.CharField(required=False, strip=False, max_length=200)
    """Words of the player's own that end the key (a town's name after ``town:``): the game's
    rules alone say which words they take."""
    version = forms.IntegerField(min_value=0)
    run = forms.IntegerField(min_value=1, required=False)
    """The campaign's run the player saw (a page drawn before it was sent may lack it)."""
    moment = forms.CharField(max_length=40, required=False)
    """What the seat's choices depended on when the page was drawn (see ``Session.moment``)."""
    seat = forms.IntegerField(min_value=0, required=False)
    """The seat the move is for, when the page says (a town is its own mayor's to name)."""
    confirm = forms.BooleanField(required=False)
    """The player confirmed a move the game called a mistake (or one that loses the game)."""

    def move(self) -> str:
        """The move's whole key."""
        return str(self.cleaned_data["key"]) + str(self.cleaned_data["text"])


class VersionForm(forms.Form):
    """A request that carries only the board version the player saw: a hint."""

    version = forms.IntegerField(min_value=0)


class DeleteForm(forms.Form):
    """Deleting asks for the campaign's name, typed out."""

    name = forms.CharField(max_length=80, label=gettext_lazy("Type the campaign's name to delete it"))

    def __init__(self, campaign: Campaign, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        self.fields["name"].widget.attrs["autocomplete"] = "off"

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if name != self.campaign.name:
            raise forms.ValidationError(_("That is not this campaign's name: nothing was deleted."))
        return name


class ResetForm(forms.Form):
    """Resetting names the run the owner saw, so a second post of the same form resets nothing more."""

    run = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Campaign or table file"),
        help_text=gettext_lazy("A .json file saved with “Save a copy”."),
    )
    request = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)


STRONG = "strong"
"""The bot that plays best, whatever the game calls it."""


class TableForm(forms.Form):
    """A new table of a seated game: the owner takes the first seat, bots the next ones, friends the rest."""

    name = forms.CharField(
        max_length=80,
        label=gettext_lazy("Table name"),
        widget=forms.TextInput(
            attrs={"placeholder": gettext_lazy("e.g. Friday numbers"), "autocomplete": "off"}
        ),
    )
    game = forms.ChoiceField(
        label=pgettext_lazy("a board game", "Game"),
        choices=[(name, said_lazily(rules.title)) for name, rules in TABLES.items()],
        initial=next(iter(TABLES)),
    )
    friends = forms.IntegerField(min_value=0, max_value=7, initial=0, label=gettext_lazy("Seats for friends"))
    bots = forms.IntegerField(min_value=0, max_value=7, initial=1, label=gettext_lazy("Bots"))
    bot = forms.ChoiceField(
        label=gettext_lazy("How the bots play"),
        choices=[(STRONG, PLAYS_WELL), ("random", STYLES["random"])],
        initial=STRONG,
    )
    request = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", "table_%s")  # beside the campaign form on the home page
        super().__init__(*args, **kwargs)

    def chosen(self) -> str:
        """The game the form shows chosen: the one posted or asked for, else the first one offered."""
        game = self["game"].value()
        return game if game in TABLES else next(iter(TABLES))

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Give the table a name."))
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        game = TABLES.get(data.get("game", ""))
        if game is not None and {"friends", "bots", "bot"} <= data.keys():
            seats = 1 + data["friends"] + data["bots"]
            if seats not in game.seats:
                most = game.seats.stop - 1
                raise forms.ValidationError(
                    _("A table of {game} has {least} to {most} seats, yours included.").format(
                        game=said(game.title), least=game.seats.start, most=most
                    )
                )
        return data

    def seats(self) -> list[str]:
        """The seats as :func:`campaigns.store.create` takes them: a game's first bot plays best."""
        data = self.cleaned_data
        bots = TABLES[data["game"]].bots
        bot = bots[0] if data["bot"] == STRONG else data["bot"]
        return ["owner", *["open"] * data["friends"], *[bot] * data["bots"]]


class SeatForm(forms.Form):
    """The owner's word on one seat of a table: open it, or give it to a bot or to someone let in."""

    to = forms.ChoiceField(label=gettext_lazy("Who sits here"))

    def __init__(
        self, *args: Any, bots: Sequence[str] = (), users: Sequence[User] = (), **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.users = {_user_choice(u): u for u in users}
        to = self.fields["to"]
        assert isinstance(to, forms.ChoiceField)
        to.choices = [
            (OPEN, _("Open, for a friend with a link")),
            *((_bot_choice(name), _("“{bot}” bot").format(bot=bot_name(name))) for name in bots),
            *((key, u.get_username()) for key, u in self.users.items()),
        ]

    @classmethod
    def of(cls, seat: TableSeat, bots: Sequence[str], free: Sequence[User]) -> SeatForm:
        """The form of ``seat`` as it stands: whoever sits there chosen, the users ``free`` offered."""
        users, now = list(free), _bot_choice(seat.bot) if seat.bot else OPEN
        if seat.user is not None:
            users, now = [seat.user, *free], _user_choice(seat.user)
        return cls(initial={"to": now}, bots=bots, users=users, auto_id=f"seat{seat.number}_%s")

    def clean_to(self) -> str | User:
        """:data:`campaigns.store.OPEN`, a bot's name or a user."""
        to: str = self.cleaned_data["to"]
        return self.users.get(to) or to.removeprefix(_bot_choice(""))


def _user_choice(user: User) -> str:
    return f"user:{user.pk}"


def _bot_choice(name: str) -> str:
    return f"bot:{name}"
