"""Command-line tools: the console chat client, demo seeding, evaluation and export scripts."""
