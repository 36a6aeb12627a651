from django.contrib.auth import views as auth_views
from django.urls import path

from campaigns import events, language, table_views, views
from campaigns.forms import LoginForm

urlpatterns = [
    path("", views.home, name="home"),
    path("language/", language.switch, name="language"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:game>/", views.game_rules, name="game_rules"),
    path("campaigns/new/", views.create, name="create"),
    path("campaigns/import/", views.bring_back, name="import"),
    path("tables/new/", table_views.create, name="create_table"),
    path("t/<uuid:code>/", table_views.table, name="table"),
    path("t/<uuid:code>/act/", table_views.act, name="table_act"),
    path("t/<uuid:code>/live/", table_views.live, name="table_live"),
    path("t/<uuid:code>/next/", table_views.next_game, name="table_next"),
    path("t/<uuid:code>/seats/<int:number>/", views.table_seat, name="table_seat"),
    path("c/<uuid:code>/", views.board, name="board"),
    path("c/<uuid:code>/act/", views.act, name="act"),
    path("c/<uuid:code>/hint/", views.hint, name="hint"),
    path("c/<uuid:code>/story/", views.story, name="story"),
    path("c/<uuid:code>/chronicle/", views.chronicle, name="chronicle"),
    path("c/<uuid:code>/rename/", views.rename, name="rename"),
    path("c/<uuid:code>/reset/", views.reset, name="reset"),
    path("c/<uuid:code>/delete/", views.delete, name="delete"),
    path("c/<uuid:code>/restore/", views.restore, name="restore"),
    path("c/<uuid:code>/export/", views.export, name="export"),
    path("c/<uuid:code>/live/", views.live, name="live"),
    path("c/<uuid:code>/events/", events.events, name="events"),
    path("c/<uuid:code>/members/", views.members, name="members"),
    path("c/<uuid:code>/invites/", views.invite, name="invite"),
    path("c/<uuid:code>/invites/<uuid:invite>/revoke/", views.revoke, name="revoke"),
    path("c/<uuid:code>/members/<uuid:member>/role/", views.member_role, name="member_role"),
    path("c/<uuid:code>/members/<uuid:member>/remove/", views.member_remove, name="member_remove"),
    path("c/<uuid:code>/leave/", views.leave, name="leave"),
    path("join/", views.join, name="join"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]
