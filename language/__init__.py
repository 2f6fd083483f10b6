"""ERA's language edge: understanding what people type and saying things in their language."""
