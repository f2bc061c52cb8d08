"""template.yaml holds up offline: cfn-lint, the SAM transform, moto, least privilege.

cfn-lint alone does not apply the SAM transform, so it misses circular
dependencies between the resources SAM generates (roles, permissions). These
tests also transform the template with samtranslator, as CloudFormation would,
and lint the result; moto then builds the table and the deadline queue from
the same template through `infra.template`.
"""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import boto3
import pytest
from botocore.exceptions import ClientError
from cfnlint.api import ManualArgs, lint
from moto import mock_aws
from samtranslator.translator.transform import transform

from infra import template as tpl
from table.protocol import TABLE_REQUESTS

ROOT = Path(__file__).resolve().parents[2]
REGION = "us-east-1"
ACCOUNT = "123456789012"

# Every request of the table has its own route, so the two cannot drift; the
# games' moves arrive through $default (docs/deploy.md, "Routes").
PROTOCOL_ACTIONS = tuple(sorted(TABLE_REQUESTS))
FUNCTIONS = ("ConnectionFunction", "ActionsFunction", "DeadlineFunction")
COMMON_ENV = (
    "TABLE_NAME",
    "WEBSOCKET_ENDPOINT",
    "POWERTOOLS_SERVICE_NAME",
    "POWERTOOLS_METRICS_NAMESPACE",
    "LOG_LEVEL",
    "DEADLINE_QUEUE_URL",
)
QUEUE_ARN = {"Fn::GetAtt": ["DeadlineQueue", "Arn"]}
GUARDED_SERVICES = ("dynamodb", "sqs", "execute-api", "lambda")

# cfn-lint findings we accept, rule id -> the written reason. Empty: none.
ACCEPTED_FINDINGS: dict[str, str] = {}


class _NoManagedPolicies:
    """samtranslator's ManagedPolicyLoader, offline.

    It would ask IAM for the ARNs of managed policies named in `Policies`. The
    template names none (every grant is an inline statement), so nothing is
    looked up; samtranslator's own tests stub the loader the same way.
    """

    def load(self) -> dict[str, str]:
        return {}


def _as_packaged(template: dict[str, Any]) -> dict[str, Any]:
    """What `sam package` hands CloudFormation: local code paths become S3 URIs."""
    packaged = copy.deepcopy(template)
    for resource in packaged["Resources"].values():
        properties = resource.get("Properties", {})
        for key in ("CodeUri", "ContentUri"):
            if isinstance(properties.get(key), str):
                properties[key] = f"s3://packaged-artifacts/{properties[key].strip('/')}"
    return packaged


def _lint(text: str) -> list[str]:
    matches = lint(text, config=ManualArgs(regions=[REGION], include_checks=["I"]))
    return [
        f"{match.rule.id} {match.message} (line {match.linenumber})"
        for match in matches
        if match.rule.id not in ACCEPTED_FINDINGS
    ]


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    return tpl.load_template()


@pytest.fixture(scope="module")
def transformed(template: dict[str, Any]) -> dict[str, Any]:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("AWS_DEFAULT_REGION", REGION)
        result: dict[str, Any] = transform(_as_packaged(template), {}, _NoManagedPolicies())
    return result


def _resources(template: dict[str, Any], resource_type: str) -> dict[str, Any]:
    return tpl.resources_of_type(template, resource_type)


def _statements(role: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield from tpl.iter_policy_statements(role)


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def _role_of(transformed: dict[str, Any], logical_id: str) -> dict[str, Any]:
    properties = transformed["Resources"][logical_id]["Properties"]
    role_arn = properties["Role"]
    role: dict[str, Any] = transformed["Resources"][role_arn["Fn::GetAtt"][0]]
    return role


def _grants(role: dict[str, Any]) -> list[tuple[str, Any]]:
    """(action, resource) for every Allow in the role's inline policies."""
    return [
        (action, resource)
        for statement in _statements(role)
        if statement["Effect"] == "Allow"
        for action in _as_list(statement["Action"])
        for resource in _as_list(statement["Resource"])
    ]


# ------------------------------------------------------------------ lint


def test_cfn_lint_finds_nothing_in_the_template() -> None:
    assert _lint(tpl.TEMPLATE_PATH.read_text(encoding="utf-8")) == []


def test_cfn_lint_finds_nothing_in_the_transformed_template(transformed: dict[str, Any]) -> None:
    # This is where circular dependencies (E3004) would show.
    assert _lint(json.dumps(transformed)) == []


# ------------------------------------------------------------------ deadline queue


def _deadline_function_timeout(template: dict[str, Any]) -> int:
    properties = template["Resources"]["DeadlineFunction"]["Properties"]
    return int(properties.get("Timeout", template["Globals"]["Function"]["Timeout"]))


def test_deadline_queue_is_read_by_the_deadline_function_with_partial_failures(
    template: dict[str, Any],
) -> None:
    (mapping,) = _resources(template, "AWS::Lambda::EventSourceMapping").values()
    properties = mapping["Properties"]
    assert properties["EventSourceArn"] == QUEUE_ARN
    assert properties["FunctionName"] == {"Ref": "DeadlineFunction"}
    assert properties["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
    assert 1 <= properties["BatchSize"] <= 10
    assert properties["MaximumBatchingWindowInSeconds"] == 0  # a deadline waits for no batch
    settings = tpl.deadline_queue()
    assert settings.batch_size == properties["BatchSize"]
    assert settings.report_batch_item_failures


def test_deadline_queue_is_standard_redriven_and_outlives_its_function(
    template: dict[str, Any],
) -> None:
    queues = _resources(template, "AWS::SQS::Queue")
    assert set(queues) == {"DeadlineQueue", "DeadlineDeadLetterQueue"}
    queue = queues["DeadlineQueue"]["Properties"]
    assert "FifoQueue" not in queue  # standard: per-message DelaySeconds, at least once
    assert "DelaySeconds" not in queue  # each message carries its own
    # AWS's advice for a Lambda event source: 6 x the function's timeout.
    assert queue["VisibilityTimeout"] >= 6 * _deadline_function_timeout(template)
    assert queue["RedrivePolicy"]["deadLetterTargetArn"] == {
        "Fn::GetAtt": ["DeadlineDeadLetterQueue", "Arn"]
    }
    assert queue["RedrivePolicy"]["maxReceiveCount"] >= 3
    for properties in (queue, queues["DeadlineDeadLetterQueue"]["Properties"]):
        assert properties["SqsManagedSseEnabled"] is True


def test_deadline_queue_from_the_template_in_moto(template: dict[str, Any]) -> None:
    queue = template["Resources"]["DeadlineQueue"]["Properties"]
    with mock_aws():
        client = boto3.client("sqs", region_name=REGION)
        dead = client.create_queue(QueueName="deadlines-dlq")["QueueUrl"]
        dead_arn = client.get_queue_attributes(QueueUrl=dead, AttributeNames=["QueueArn"])
        redrive = {
            "deadLetterTargetArn": dead_arn["Attributes"]["QueueArn"],
            "maxReceiveCount": str(queue["RedrivePolicy"]["maxReceiveCount"]),
        }
        url = client.create_queue(
            QueueName="deadlines",
            Attributes={
                "VisibilityTimeout": str(queue["VisibilityTimeout"]),
                "MessageRetentionPeriod": str(queue["MessageRetentionPeriod"]),
                "RedrivePolicy": json.dumps(redrive),
            },
        )["QueueUrl"]
        client.send_message(QueueUrl=url, MessageBody="{}", DelaySeconds=900)
        with pytest.raises(ClientError, match="DelaySeconds"):
            client.send_message(QueueUrl=url, MessageBody="{}", DelaySeconds=901)
        counts = client.get_queue_attributes(
            QueueUrl=url, AttributeNames=["ApproximateNumberOfMessagesDelayed"]
        )
        assert counts["Attributes"]["ApproximateNumberOfMessagesDelayed"] == "1"


# ------------------------------------------------------------------ table


def test_table_from_the_template_in_moto() -> None:
    definition = tpl.table_definition("bluff-test")
    ttl = tpl.ttl_attribute()
    with mock_aws():
        client = boto3.client("dynamodb", region_name=REGION)
        client.create_table(**definition)
        client.update_time_to_live(
            TableName="bluff-test",
            TimeToLiveSpecification={"AttributeName": ttl, "Enabled": True},
        )
        room = {"pk": {"S": "ROOM#QXZT"}, "sk": {"S": "STATE"}, "version": {"N": "1"}}
        client.put_item(
            TableName="bluff-test", Item=room, ConditionExpression="attribute_not_exists(pk)"
        )
        with pytest.raises(ClientError) as refused:
            client.put_item(
                TableName="bluff-test", Item=room, ConditionExpression="attribute_not_exists(pk)"
            )
        assert refused.value.response["Error"]["Code"] == "ConditionalCheckFailedException"

        got = client.get_item(
            TableName="bluff-test", Key={"pk": room["pk"], "sk": room["sk"]}, ConsistentRead=True
        )
        assert got["Item"] == room

        table = client.describe_table(TableName="bluff-test")["Table"]
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
        assert {key["AttributeName"]: key["KeyType"] for key in table["KeySchema"]} == {
            "pk": "HASH",
            "sk": "RANGE",
        }
        described = client.describe_time_to_live(TableName="bluff-test")
        assert described["TimeToLiveDescription"]["AttributeName"] == "expires_at"


def test_table_is_on_demand_with_ttl_pitr_and_sse(template: dict[str, Any]) -> None:
    (table,) = _resources(template, "AWS::DynamoDB::Table").values()
    properties = table["Properties"]
    assert properties["BillingMode"] == "PAY_PER_REQUEST"
    assert properties["TimeToLiveSpecification"] == {"AttributeName": "expires_at", "Enabled": True}
    assert properties["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}
    assert properties["SSESpecification"]["SSEEnabled"] is True
    assert "TableName" not in properties  # generated: several stacks may share an account
    assert tpl.ttl_attribute() == "expires_at"
    assert tpl.table_definition()["BillingMode"] == properties["BillingMode"]


# ------------------------------------------------------------------ least privilege


def test_no_wildcard_resources_or_actions_on_game_services(transformed: dict[str, Any]) -> None:
    for logical_id, role in _resources(transformed, "AWS::IAM::Role").items():
        for action, resource in _grants(role):
            service, _, verb = action.partition(":")
            if service not in GUARDED_SERVICES:
                continue
            assert "*" not in verb, f"{logical_id}: {action}"
            assert resource != "*", f"{logical_id}: {action} on *"
            assert action != "dynamodb:Scan", f"{logical_id}: rooms are never scanned"


def test_each_role_holds_only_what_its_function_needs(transformed: dict[str, Any]) -> None:
    table = {"Fn::GetAtt": ["Table", "Arn"]}
    expected_dynamodb = {
        "ConnectionFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem"},
        "ActionsFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
        "DeadlineFunction": {"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"},
    }
    expected_sqs = {
        "ConnectionFunction": set(),
        "ActionsFunction": {"SendMessage"},
        "DeadlineFunction": {
            "SendMessage",
            "ReceiveMessage",
            "DeleteMessage",
            "GetQueueAttributes",
        },
    }
    for function in FUNCTIONS:
        grants = _grants(_role_of(transformed, function))
        dynamodb = {
            (a.removeprefix("dynamodb:"), json.dumps(r))
            for a, r in grants
            if a.startswith("dynamodb:")
        }
        assert dynamodb == {(verb, json.dumps(table)) for verb in expected_dynamodb[function]}
        sqs = {(a.removeprefix("sqs:"), json.dumps(r)) for a, r in grants if a.startswith("sqs:")}
        assert sqs == {(verb, json.dumps(QUEUE_ARN)) for verb in expected_sqs[function]}
        assert not [a for a, _ in grants if a.startswith(("lambda:", "states:"))], function
        # SAM's SQS event would add AWSLambdaSQSQueueExecutionRole: every queue in the account.
        role = _role_of(transformed, function)["Properties"]
        assert not [p for p in role.get("ManagedPolicyArns", []) if "SQS" in json.dumps(p)]


def test_manage_connections_is_scoped_to_this_api_and_stage(transformed: dict[str, Any]) -> None:
    prefix = (
        "arn:${AWS::Partition}:execute-api:${AWS::Region}:${AWS::AccountId}"
        ":${WebSocketApi}/${StageName}/"
    )
    pattern = re.compile(re.escape(prefix) + r"(POST|DELETE)/@connections/\*")
    seen = set()
    for function in FUNCTIONS:
        for action, resource in _grants(_role_of(transformed, function)):
            if action.startswith("execute-api:"):
                assert action == "execute-api:ManageConnections"
                match = pattern.fullmatch(resource["Fn::Sub"])
                assert match, resource
                seen.add((function, match.group(1)))
    assert seen == {
        ("ConnectionFunction", "POST"),
        ("DeadlineFunction", "POST"),
        ("ActionsFunction", "POST"),
        ("ActionsFunction", "DELETE"),
    }


def test_every_function_is_told_the_deadline_queue(template: dict[str, Any]) -> None:
    variables = template["Globals"]["Function"]["Environment"]["Variables"]
    assert variables["DEADLINE_QUEUE_URL"] == {"Ref": "DeadlineQueue"}  # a queue's Ref is its URL


# ------------------------------------------------------------------ functions and API


def test_functions_share_one_layer_and_runtime(transformed: dict[str, Any]) -> None:
    (layer_id,) = _resources(transformed, "AWS::Lambda::LayerVersion")
    for function in FUNCTIONS:
        properties = transformed["Resources"][function]["Properties"]
        assert properties["Runtime"] == "python3.13"
        assert properties["Architectures"] == ["arm64"]
        assert properties["Handler"] == "app.handler"
        assert properties["MemorySize"] >= 512
        assert properties["Layers"] == [{"Ref": layer_id}]
        assert properties["LoggingConfig"]["LogGroup"]["Ref"].endswith("LogGroup")
        variables = properties["Environment"]["Variables"]
        assert set(COMMON_ENV) <= set(variables), function
        assert "CONTENT_DIR" not in variables  # content is found beside the code in the layer
        assert variables["WEBSOCKET_ENDPOINT"] == {
            "Fn::Sub": "https://${WebSocketApi}.execute-api.${AWS::Region}.${AWS::URLSuffix}/${StageName}"
        }
    for group in _resources(transformed, "AWS::Logs::LogGroup").values():
        assert group["Properties"]["RetentionInDays"] == {"Ref": "LogRetentionDays"}


def test_code_locations(template: dict[str, Any]) -> None:
    resources = template["Resources"]
    assert resources["ConnectionFunction"]["Properties"]["CodeUri"] == "functions/connection/"
    assert resources["ActionsFunction"]["Properties"]["CodeUri"] == "functions/actions/"
    assert resources["DeadlineFunction"]["Properties"]["CodeUri"] == "functions/deadline/"
    layer = resources["SharedLayer"]
    assert layer["Metadata"] == {"BuildMethod": "makefile", "BuildArchitecture": "arm64"}
    makefile = (ROOT / layer["Properties"]["ContentUri"] / "Makefile").read_text(encoding="utf-8")
    assert "build-SharedLayer:" in makefile


def test_layer_pins_match_pyproject() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pinned = dict(dep.split("==") for dep in pyproject["project"]["dependencies"])
    lines = (ROOT / "infra/layer/requirements.txt").read_text(encoding="utf-8").splitlines()
    layer = dict(line.split("==") for line in lines if line and not line.startswith("#"))
    assert set(layer) == {"pydantic", "aws-lambda-powertools", "aws-xray-sdk"}
    for name, version in layer.items():
        assert pinned[name] == version, name


def test_every_protocol_action_has_a_route(template: dict[str, Any]) -> None:
    resources = template["Resources"]
    (api,) = _resources(template, "AWS::ApiGatewayV2::Api").values()
    assert api["Properties"]["ProtocolType"] == "WEBSOCKET"
    assert api["Properties"]["RouteSelectionExpression"] == "$request.body.action"

    routes = _resources(template, "AWS::ApiGatewayV2::Route")
    targets = {
        route["Properties"]["RouteKey"]: route["Properties"]["Target"]["Fn::Sub"]
        for route in routes.values()
    }
    assert set(targets) == {"$connect", "$disconnect", "$default", *PROTOCOL_ACTIONS}
    for key, target in targets.items():
        integration = target.removeprefix("integrations/${").removesuffix("}")
        uri = resources[integration]["Properties"]["IntegrationUri"]["Fn::Sub"]
        function = "ConnectionFunction" if key in ("$connect", "$disconnect") else "ActionsFunction"
        assert "${" + function + ".Arn}" in uri, key

    stage = resources["WebSocketStage"]
    assert set(stage["DependsOn"]) == set(routes)
    assert stage["Properties"]["AutoDeploy"] is True
    settings = stage["Properties"]["DefaultRouteSettings"]
    assert settings["ThrottlingRateLimit"] == {"Ref": "ThrottlingRateLimit"}
    assert settings["ThrottlingBurstLimit"] == {"Ref": "ThrottlingBurstLimit"}

    invoked_by_api = {
        permission["Properties"]["FunctionName"]["Ref"]
        for permission in _resources(template, "AWS::Lambda::Permission").values()
        if permission["Properties"]["Principal"] == "apigateway.amazonaws.com"
    }
    assert invoked_by_api == {"ConnectionFunction", "ActionsFunction"}


def test_alarms_cover_errors_throttles_and_timers(template: dict[str, Any]) -> None:
    watched = set()
    for alarm in _resources(template, "AWS::CloudWatch::Alarm").values():
        properties = alarm["Properties"]
        (dimension,) = properties["Dimensions"]
        watched.add((properties["MetricName"], json.dumps(dimension["Value"])))
        assert properties["AlarmActions"] == [{"Ref": "AlarmTopic"}]
    expected = {("Errors", json.dumps({"Ref": function})) for function in FUNCTIONS} | {
        ("ReadThrottleEvents", json.dumps({"Ref": "Table"})),
        ("WriteThrottleEvents", json.dumps({"Ref": "Table"})),
        (
            "ApproximateNumberOfMessagesVisible",
            json.dumps({"Fn::GetAtt": ["DeadlineDeadLetterQueue", "QueueName"]}),
        ),
    }
    assert watched == expected
    subscription = template["Resources"]["AlarmEmailSubscription"]
    assert subscription["Condition"] == "HasAlarmEmail"


def test_outputs(template: dict[str, Any]) -> None:
    outputs = template["Outputs"]
    assert outputs["WebSocketUrl"]["Value"]["Fn::Sub"].startswith("wss://${WebSocketApi}.")
    assert outputs["TableName"]["Value"] == {"Ref": "Table"}
    assert outputs["DeadlineQueueUrl"]["Value"] == {"Ref": "DeadlineQueue"}


def test_samconfig_deploys_the_stack_with_a_changeset_review() -> None:
    config = tomllib.loads((ROOT / "samconfig.toml").read_text(encoding="utf-8"))
    deploy = config["default"]["deploy"]["parameters"]
    assert deploy["stack_name"] == "dictionary-bluff"
    assert deploy["capabilities"] == "CAPABILITY_IAM"
    assert deploy["resolve_s3"] is True
    assert deploy["confirm_changeset"] is True
    assert "region" not in deploy


def test_the_routes_that_open_or_find_a_room_have_a_lower_ceiling(
    template: dict[str, Any],
) -> None:
    # A flood of sockets, room codes or new rooms cannot spend the stage's
    # shared throttle: those routes have their own, lower one (docs/deploy.md).
    stage = template["Resources"]["WebSocketStage"]["Properties"]
    entry = {
        "ThrottlingRateLimit": {"Ref": "EntryThrottlingRateLimit"},
        "ThrottlingBurstLimit": {"Ref": "EntryThrottlingBurstLimit"},
    }
    assert stage["RouteSettings"] == {
        route: entry for route in ("$connect", "create_room", "join_room", "resume")
    }
    parameters = template["Parameters"]
    assert (
        parameters["EntryThrottlingRateLimit"]["Default"]
        < parameters["ThrottlingRateLimit"]["Default"]
    )
