"""A client of the emulator in another language: Python's standard library only.

Usage: python3 python-client.py <api> <auth> <project> <client_id> <client_secret> <key>
Gets a client-credentials token, creates a Product Selection over REST, reads it over GraphQL,
sends a stale update, and prints what it saw as one JSON object.
"""
import base64
import json
import sys
import urllib.error
import urllib.request

api, auth, project, client_id, client_secret, key = sys.argv[1:]


def send(request):
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


basic = base64.b64encode(f"{client_id}:{client_secret}".encode()).decode()
status, token = send(urllib.request.Request(
    f"{auth}/oauth/token",
    data=b"grant_type=client_credentials",
    headers={"Authorization": f"Basic {basic}", "Content-Type": "application/x-www-form-urlencoded"},
))
if status != 200:
    sys.exit(f"token request answered {status}: {token}")


def call(method, path, body=None):
    return send(urllib.request.Request(
        f"{api}/{project}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token['access_token']}", "Content-Type": "application/json"},
    ))


created = call("POST", "/product-selections", {"key": key, "name": {"en": "Winter"}})
read = call("POST", "/graphql", {
    "query": "query ($key: String) { productSelection(key: $key) { id version nameAllLocales { locale value } } }",
    "variables": {"key": key},
})
stale = call("POST", f"/product-selections/key={key}", {"version": 0, "actions": [{"action": "setKey"}]})
print(json.dumps({"created": created, "read": read, "stale": stale}))
