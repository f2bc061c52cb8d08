"""AWS adapters for the ports in `bluff.ports`. Each turns AWS errors into domain errors."""
