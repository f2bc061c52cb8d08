"""Dictionary Bluff: write a false definition of a rare word, then find the real one."""
