"""``Favorite`` now belongs to the hotels app (``hotels/migrations/0001_favorite``, which keeps
its table, ``search_favorite``): it leaves this app's state only; the table and its rows stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('search', '0002_favorite'),
        ('hotels', '0001_favorite'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='Favorite',
                ),
            ],
            database_operations=[],
        ),
    ]
