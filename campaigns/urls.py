from django.urls import path

from campaigns import events, play, records, sharing_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("rules/<slug:game>/", views.game_rules, name="game_rules"),
    path("campaigns/new/", views.create, name="create"),
    path("campaigns/import/", views.bring_back, name="import"),
    path("tables/new/", views.create_table, name="create_table"),
    path("t/<uuid:code>/", play.table, name="table"),
    path("t/<uuid:code>/seats/<int:number>/", sharing_views.table_seat, name="table_seat"),
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
    path("c/<uuid:code>/members/", sharing_views.members, name="members"),
    path("c/<uuid:code>/invites/", sharing_views.invite, name="invite"),
    path("c/<uuid:code>/invites/<uuid:invite>/revoke/", sharing_views.revoke, name="revoke"),
    path("c/<uuid:code>/members/<uuid:member>/role/", sharing_views.member_role, name="member_role"),
    path("c/<uuid:code>/members/<uuid:member>/remove/", sharing_views.member_remove, name="member_remove"),
    path("c/<uuid:code>/leave/", sharing_views.leave, name="leave"),
    path("join/", sharing_views.join, name="join"),
]
