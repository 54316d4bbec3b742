# The generic outbox's ``updated_at`` (storefront/background/outbox.py). Rows written before it
# get the last time they are known to have changed: sent, else written.

from django.db import migrations, models
from django.db.models.functions import Coalesce


def last_known_change(apps, schema_editor):
    Lead = apps.get_model("leads", "Lead")
    Lead.objects.update(updated_at=Coalesce("sent_at", "created_at"))


class Migration(migrations.Migration):

    dependencies = [
        ('leads', '0001_initial'),
    ]

    operations = [
        migrations.AddField(
            model_name='lead',
            name='updated_at',
            field=models.DateTimeField(auto_now=True),
        ),
        migrations.RunPython(last_known_change, migrations.RunPython.noop),
    ]
