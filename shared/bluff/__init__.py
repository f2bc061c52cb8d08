"""Dictionary Bluff: the code shared by every Lambda function and the local stack."""
