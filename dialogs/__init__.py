"""ComponentDialogs: the main router with interrupts, and one dialog per flow."""
