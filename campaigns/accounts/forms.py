from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.validators import MaxLengthValidator


class LoginForm(AuthenticationForm):
    """Django's log-in form, which also refuses a username longer than any account's
    before it is looked up (or recorded as a failed try)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        assert isinstance(field, forms.CharField) and field.max_length is not None
        field.validators.append(MaxLengthValidator(field.max_length))
