"""Median answer time of POST /api/auth/password-reset for an address with an account and one without (issue 20).

Usage: reset-timing.py PORT, against a shop started with --login-attempts 100000 (so the limits never answer 429).
Prints both medians of 400 requests each and their ratio; equal times tell a prober nothing.
"""
import http.client, json, statistics, sys, time
port = int(sys.argv[1])
c = http.client.HTTPConnection("127.0.0.1", port)
def call(method, path, body=None, headers={}):
    c.request(method, path, body=json.dumps(body) if body is not None else None, headers={"Content-Type": "application/json", **headers})
    r = c.getresponse(); data = r.read(); return r, data
r, data = call("GET", "/api/session")
cookie = r.getheader("Set-Cookie").split(";")[0]; token = json.loads(data)["sessid"]
h = {"Cookie": cookie, "X-CSRF-Token": token}
r, _ = call("POST", "/api/auth/register", {"email": "probe@example.ru", "password": "password123", "name": "Probe"}, h)
assert r.status in (201, 409), r.status  # 409: the account is there from an earlier run
cookie = r.getheader("Set-Cookie").split(";")[0] if r.getheader("Set-Cookie") else cookie
r, data = call("GET", "/api/session", None, {"Cookie": cookie}); token = json.loads(data)["sessid"]
h = {"Cookie": cookie, "X-CSRF-Token": token}
times = {"exists": [], "unknown": []}
for i in range(400):
    for kind, email in (("exists", "probe@example.ru"), ("unknown", f"nobody{i}@example.ru")):
        t = time.perf_counter(); r, _ = call("POST", "/api/auth/password-reset", {"email": email}, h); times[kind].append(time.perf_counter() - t)
        assert r.status == 204, r.status
m = {k: statistics.median(v) * 1000 for k, v in times.items()}
print(f"median ms: account {m['exists']:.3f}, no account {m['unknown']:.3f}, ratio {m['exists'] / m['unknown']:.2f}")
