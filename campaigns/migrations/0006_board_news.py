"""Board news from the database itself: every write that moves a board on, or changes who
may see it, notifies the channel ``board`` with the campaign's id once it commits, whatever
made it (the store, sharing, the admin, a shell). See :mod:`campaigns.hub`."""

from django.db import migrations

NOTIFY = """
CREATE FUNCTION campaigns_board_news() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'campaigns_membership' THEN
        PERFORM pg_notify('board', (CASE WHEN TG_OP = 'DELETE' THEN OLD.campaign_id ELSE NEW.campaign_id END)::text);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('board', OLD.id::text);
    ELSE
        PERFORM pg_notify('board', NEW.id::text);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER campaigns_campaign_news AFTER UPDATE ON campaigns_campaign FOR EACH ROW
    WHEN (OLD.version IS DISTINCT FROM NEW.version OR OLD.deleted IS DISTINCT FROM NEW.deleted)
    EXECUTE FUNCTION campaigns_board_news();
CREATE TRIGGER campaigns_campaign_gone AFTER DELETE ON campaigns_campaign FOR EACH ROW
    EXECUTE FUNCTION campaigns_board_news();
CREATE TRIGGER campaigns_membership_news AFTER INSERT OR UPDATE OR DELETE ON campaigns_membership
    FOR EACH ROW EXECUTE FUNCTION campaigns_board_news();
"""

QUIET = """
DROP TRIGGER campaigns_membership_news ON campaigns_membership;
DROP TRIGGER campaigns_campaign_gone ON campaigns_campaign;
DROP TRIGGER campaigns_campaign_news ON campaigns_campaign;
DROP FUNCTION campaigns_board_news();
"""


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0005_trust"),
    ]

    operations = [migrations.RunSQL(NOTIFY, QUIET)]
