"""``Favorite`` moves here from the search app with its table and rows: the model enters this
app's state under its table's old name (``search_favorite``) and nothing is done to the database
(no table made, no row copied). ``search/migrations/0003_move_favorite_to_hotels`` then drops it
from the search app's state, again without touching the table."""

from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('search', '0002_favorite'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Favorite',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('account', models.CharField(db_index=True, max_length=120)),
                        ('hotel_id', models.PositiveIntegerField()),
                        ('added_at', models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        'db_table': 'search_favorite',
                        'ordering': ['-added_at', '-id'],
                        'constraints': [models.UniqueConstraint(fields=('account', 'hotel_id'), name='one_favorite_per_hotel')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
