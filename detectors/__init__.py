"""Pure action detection: decides, after each advice reply, whether to launch the email or the
calendar flow (context-aware checks, plus the legacy keyword-only mode for comparison)."""
