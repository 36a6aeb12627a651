from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("campaigns.accounts.urls")),
    path("", include("campaigns.urls")),
    path("", include("campaigns.notes.urls")),
]

handler500 = "campaigns.errors.server_error"
