"""botbuilder Storage implementations (SQLite, Cosmos DB) and what ERA keeps in them: turn
memory, the once-only action ledger, and the per-conversation turn lock."""
