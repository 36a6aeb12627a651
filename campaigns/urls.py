from django.contrib.auth import views as auth_views
from django.urls import path

from campaigns import events, language, play, records, views

urlpatterns = [
    path("", views.home, name="home"),
    path("language/", language.switch, name="language"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:game>/", views.game_rules, name="game_rules"),
    path("campaigns/new/", views.create, name="create"),
    path("campaigns/import/", views.bring_back, name="import"),
    path("tables/new/", views.create_table, name="create_table"),
    path("t/<uuid:code>/", play.table, name="table"),
    path("t/<uuid:code>/seats/<int:number>/", views.table_seat, name="table_seat"),
    path("c/<uuid:code>/", play.board, name="board"),
    path("c/<uuid:code>/act/", play.act, name="act"),
    path("c/<uuid:code>/hint/", play.hint, name="hint"),
    path("c/<uuid:code>/story/", views.story, name="story"),
    path("c/<uuid:code>/chronicle/", records.chronicle, name="chronicle"),
    path("c/<uuid:code>/log/", records.full_log, name="full_log"),
    path("c/<uuid:code>/rename/", views.rename, name="rename"),
    path("c/<uuid:code>/reset/", views.reset, name="reset"),
    path("c/<uuid:code>/delete/", views.delete, name="delete"),
    path("c/<uuid:code>/restore/", views.restore, name="restore"),
    path("c/<uuid:code>/export/", views.export, name="export"),
    path("c/<uuid:code>/live/", play.live, name="live"),
    path("c/<uuid:code>/events/", events.events, name="events"),
    path("c/<uuid:code>/members/", views.members, name="members"),
    path("c/<uuid:code>/invites/", views.invite, name="invite"),
    path("c/<uuid:code>/invites/<uuid:invite>/revoke/", views.revoke, name="revoke"),
    path("c/<uuid:code>/members/<uuid:member>/role/", views.member_role, name="member_role"),
    path("c/<uuid:code>/members/<uuid:member>/remove/", views.member_remove, name="member_remove"),
    path("c/<uuid:code>/leave/", views.leave, name="leave"),
    path("join/", views.join, name="join"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.LoginView.as_view(), name="login"),
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
