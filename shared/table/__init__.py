"""The table service: rooms, members, presence and the game contract, for every game."""
