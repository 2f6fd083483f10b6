"""Pure domain of ERA: value types, the reply interpreter, turn memory, failure tracking, command
parsing, errors, and the Protocols that services/ and state/ implement. Standard library only."""
