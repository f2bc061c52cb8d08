"""template.yaml holds up offline: cfn-lint, the SAM transform, moto, least privilege.

cfn-lint alone does not apply the SAM transform, so it misses circular
dependencies between the resources SAM generates (roles, permissions) and bad
state-machine definitions inside `AWS::Serverless::StateMachine`. These tests
also transform the template with samtranslator, as CloudFormation would, and
lint the result; moto then parses the state machine's ASL and builds the table
from the same template through `infra.template`.
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
DEADLINE_ARN = f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:dictionary-bluff-DeadlineFunction"

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
)
STATE_MACHINE_ARN = {
    "Fn::Sub": "arn:${AWS::Partition}:states:${AWS::Region}:${AWS::AccountId}"
    ":stateMachine:${AWS::StackName}-deadlines"
}
GUARDED_SERVICES = ("dynamodb", "states", "execute-api", "lambda")

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


def _lintable(transformed: dict[str, Any]) -> dict[str, Any]:
    """Let cfn-lint see the state machine's ASL.

    SAM writes `Definition` as `DefinitionString: {"Fn::Join": ["\\n", [...]]}`,
    which cfn-lint skips; with literal parts it is one JSON document, which
    cfn-lint validates against the States Language schema (E3601).
    """
    result = copy.deepcopy(transformed)
    for resource in result["Resources"].values():
        if resource["Type"] != "AWS::StepFunctions::StateMachine":
            continue
        properties = resource["Properties"]
        joined = properties.get("DefinitionString", {}).get("Fn::Join")
        if joined and all(isinstance(part, str) for part in joined[1]):
            properties["Definition"] = json.loads(joined[0].join(joined[1]))
            del properties["DefinitionString"]
    return result


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
    role_arn = properties.get("Role") or properties["RoleArn"]  # Lambda / Step Functions
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
    # This is where circular dependencies (E3004) and bad ASL (E3601) would show.
    assert _lint(json.dumps(_lintable(transformed))) == []


def test_the_transformed_lint_sees_the_state_machine_definition(
    transformed: dict[str, Any],
) -> None:
    broken = _lintable(transformed)
    states = broken["Resources"]["DeadlineStateMachine"]["Properties"]["Definition"]["States"]
    wait = states["WaitForDeadline"]
    wait["TimestampPathX"] = wait.pop("TimestampPath")
    assert any(finding.startswith("E3601") for finding in _lint(json.dumps(broken)))


# ------------------------------------------------------------------ state machine


def test_state_machine_definition_is_accepted_by_moto() -> None:
    definition = tpl.state_machine_definition(DEADLINE_ARN)
    # moto parses the ASL only when it is told to run state machines.
    with mock_aws(config={"stepfunctions": {"execute_state_machine": True}}):
        client = boto3.client("stepfunctions", region_name=REGION)
        created = client.create_state_machine(
            name="dictionary-bluff-deadlines",
            definition=definition,
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/deadline-timers",
            type="STANDARD",
        )
        described = client.describe_state_machine(stateMachineArn=created["stateMachineArn"])
        assert json.loads(described["definition"]) == json.loads(definition)

        misspelt = json.loads(definition)
        wait = misspelt["States"]["WaitForDeadline"]
        wait["TimestampPathX"] = wait.pop("TimestampPath")
        with pytest.raises(ClientError, match="ASLParserException"):
            client.create_state_machine(
                name="misspelt",
                definition=json.dumps(misspelt),
                roleArn=f"arn:aws:iam::{ACCOUNT}:role/deadline-timers",
            )


def test_state_machine_waits_for_at_then_invokes_the_deadline_function_with_retry() -> None:
    definition = json.loads(tpl.state_machine_definition(DEADLINE_ARN))
    states = definition["States"]

    wait = states[definition["StartAt"]]
    assert wait["Type"] == "Wait"
    assert wait["TimestampPath"] == "$.at"

    task = states[wait["Next"]]
    assert task["Type"] == "Task"
    assert task["Resource"] == "arn:aws:states:::lambda:invoke"
    assert task["Parameters"]["FunctionName"] == DEADLINE_ARN
    assert task["Parameters"]["Payload"] == {
        "room.$": "$.room",
        "phase_id.$": "$.phase_id",
        "key.$": "$.key",
    }
    assert task.get("End") is True

    throttles = task["Retry"][0]
    assert {"Lambda.ServiceException", "Lambda.TooManyRequestsException"} <= set(
        throttles["ErrorEquals"]
    )
    assert throttles["BackoffRate"] > 1
    assert throttles["MaxAttempts"] >= 2

    (catch,) = task["Catch"]
    assert catch["ErrorEquals"] == ["States.ALL"]
    assert states[catch["Next"]]["Type"] == "Fail"


def test_state_machine_is_standard_with_a_fixed_name(template: dict[str, Any]) -> None:
    (machine,) = _resources(template, "AWS::Serverless::StateMachine").values()
    properties = machine["Properties"]
    assert properties["Type"] == "STANDARD"
    assert properties["Name"] == {"Fn::Sub": "${AWS::StackName}-deadlines"}
    assert properties["DefinitionSubstitutions"] == {
        "DeadlineFunctionArn": {"Fn::GetAtt": ["DeadlineFunction", "Arn"]}
    }


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
    starts_timers = {"ActionsFunction", "DeadlineFunction"}
    for function in FUNCTIONS:
        grants = _grants(_role_of(transformed, function))
        dynamodb = {
            (a.removeprefix("dynamodb:"), json.dumps(r))
            for a, r in grants
            if a.startswith("dynamodb:")
        }
        assert dynamodb == {(verb, json.dumps(table)) for verb in expected_dynamodb[function]}
        states = [(a, r) for a, r in grants if a.startswith("states:")]
        if function in starts_timers:
            assert states == [("states:StartExecution", STATE_MACHINE_ARN)]
        else:
            assert states == []
        assert not [a for a, _ in grants if a.startswith("lambda:")], function


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


def test_state_machine_may_invoke_only_the_deadline_function(transformed: dict[str, Any]) -> None:
    grants = _grants(_role_of(transformed, "DeadlineStateMachine"))
    assert grants == [("lambda:InvokeFunction", {"Fn::GetAtt": ["DeadlineFunction", "Arn"]})]


def test_state_machine_arn_in_env_matches_the_policies(transformed: dict[str, Any]) -> None:
    for function in ("ActionsFunction", "DeadlineFunction"):
        variables = transformed["Resources"][function]["Properties"]["Environment"]["Variables"]
        assert variables["STATE_MACHINE_ARN"] == STATE_MACHINE_ARN
    machine = transformed["Resources"]["DeadlineStateMachine"]["Properties"]
    assert STATE_MACHINE_ARN["Fn::Sub"].endswith(
        ":stateMachine:" + machine["StateMachineName"]["Fn::Sub"]
    )


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
        assert ("STATE_MACHINE_ARN" in variables) == (function != "ConnectionFunction")
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
        ("ExecutionsFailed", json.dumps({"Ref": "DeadlineStateMachine"})),
        ("ExecutionsTimedOut", json.dumps({"Ref": "DeadlineStateMachine"})),
    }
    assert watched == expected
    subscription = template["Resources"]["AlarmEmailSubscription"]
    assert subscription["Condition"] == "HasAlarmEmail"


def test_outputs(template: dict[str, Any]) -> None:
    outputs = template["Outputs"]
    assert outputs["WebSocketUrl"]["Value"]["Fn::Sub"].startswith("wss://${WebSocketApi}.")
    assert outputs["TableName"]["Value"] == {"Ref": "Table"}
    assert outputs["StateMachineArn"]["Value"] == {"Ref": "DeadlineStateMachine"}


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
