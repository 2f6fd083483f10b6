"""One message structure (`OutgoingMessage`) and one renderer per channel family: Adaptive Cards
for Teams, Web Chat, Direct Line and the Emulator; text with a few buttons for Slack; numbered
plain text anywhere else."""
