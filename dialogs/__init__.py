"""ComponentDialogs: the main router with interrupts, and one dialog per flow."""

from dialogs import sdk_costs

sdk_costs.apply()
