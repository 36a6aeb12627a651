"""Signing up and logging in."""

from __future__ import annotations

from django.contrib.auth import REDIRECT_FIELD_NAME, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods

from campaigns.accounts.forms import LoginForm
from campaigns.accounts.throttle import remember_browser, throttled


def _next(request: HttpRequest) -> str:
    """Where to go after signing up: a local ``next`` (an invite link), else home."""
    target = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME) or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return reverse("home")


class LoginView(auth_views.LoginView):
    """Django's log-in page, which also marks the browser as known to the account it logged in to."""

    authentication_form = LoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        remember_browser(response, form.get_user())
        return response


TAKEN = gettext_noop("Someone took that username a moment ago; choose another.")


@sensitive_post_parameters("password1", "password2")
@require_http_methods(["GET", "POST"])
@throttled("signup", "10/h")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(_next(request))

    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                user = form.save()
        except IntegrityError:  # a sign-up with the same name won the race since the form was checked
            form.add_error("username", gettext(TAKEN))
        else:
            login(request, user)
            return redirect(_next(request))
    next_url = _next(request)
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": "" if next_url == reverse("home") else next_url},
        status=400 if form.errors else 200,
    )
