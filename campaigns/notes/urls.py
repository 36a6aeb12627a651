from django.urls import path

from campaigns.notes import views

urlpatterns = [
    path("accounts/notes/", views.notes, name="notes"),
    path("notes/confirm/<str:token>/", views.confirm, name="notes_confirm"),
    path("notes/stop/<str:token>/", views.stop, name="notes_stop"),
    path("c/<uuid:code>/per-move/", views.per_move, name="per_move"),
]
