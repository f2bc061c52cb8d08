"""The table's ports on AWS: DynamoDB, the API Gateway Management API, SQS."""
