#!/usr/bin/env bash
# Makes docs/images/viewer.png, the README's picture of the viewer: starts server/target/preflight.jar (auth mode none,
# a scratch data directory, a free loopback port), submits a PDF with the digital-print profile, waits until its tiles
# are warm, opens /app/jobs/{job_id} in headless Chromium (1366 x 768, through chromedriver's WebDriver protocol),
# selects the first finding, waits until the canvas says it has drawn everything (data-complete), saves a screenshot,
# keeps 5 bits of each colour channel (ShrinkPng.java, for size) and stops the server. Needs chromium, chromium-driver and python3.
#   docs/images/readme-screenshot.sh [PDF]   (default: the corpus flyer ofc__Neddy_Flyer_HeatherRyan.pdf)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
pdf="${1:-/work/shared/corpus/pdfs/ofc__Neddy_Flyer_HeatherRyan.pdf}"
out="$root/docs/images/viewer.png"
JAVA_HOME="$("$root/bin/java-home")"; export JAVA_HOME
[ -f "$root/server/target/preflight.jar" ] || (cd "$root" && ./mvnw -B -q -pl server -am -DskipTests package)

scratch="$(mktemp -d)"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)"
driver_port="$(free_port)"
env -u PREFLIGHT_URL -u PREFLIGHT_API_KEY SERVER_PORT="$port" PREFLIGHT_DATA_DIR="$scratch/data" PREFLIGHT_AUTH_MODE=none \
  "$JAVA_HOME/bin/java" -Xmx1g -Djava.awt.headless=true -jar "$root/server/target/preflight.jar" >"$scratch/server.log" 2>&1 &
server=$!
chromedriver --port="$driver_port" >"$scratch/driver.log" 2>&1 &
driver=$!
trap 'kill "$server" "$driver" 2>/dev/null || true; wait "$server" "$driver" 2>/dev/null || true; rm -rf "$scratch"' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 1 120); do curl -sf "$base/api/v1/tenant" >/dev/null && break; sleep 1; done

json() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
job="$(curl -sf -F "file=@$pdf;filename=flyer.pdf" -F profile_id=digital-print "$base/api/v1/jobs?wait=120" | json "['job_id']")"
for _ in $(seq 1 120); do
  [ "$(curl -sf "$base/api/v1/viewer/jobs/$job/tile-warming" | json "['status']")" = complete ] && break
  sleep 1
done

python3 - "http://127.0.0.1:$driver_port" "$base/app/jobs/$job" "$scratch/viewer.png" <<'PY'
import base64, json, sys, time, urllib.request
driver, page, target = sys.argv[1:4]
def call(method, path, body=None):
    req = urllib.request.Request(driver + path, method=method, data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=60))["value"]
for _ in range(50):
    try:
        call("GET", "/status"); break
    except OSError:
        time.sleep(0.2)
args = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1366,768"]
session = call("POST", "/session", {"capabilities": {"alwaysMatch": {"browserName": "chrome",
          "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args}}}})["sessionId"]
try:
    s = f"/session/{session}"
    call("POST", s + "/url", {"url": page})
    def script(js):
        return call("POST", s + "/execute/sync", {"script": js, "args": []})
    def complete():
        return script("const c = document.querySelector('.viewport canvas'); return !!c && c.dataset.complete === 'true';")
    for _ in range(150):
        if complete(): break
        time.sleep(0.2)
    script("document.querySelector('button.finding')?.click();")
    time.sleep(0.3)
    for _ in range(150):
        if complete(): break
        time.sleep(0.2)
    time.sleep(0.3)
    open(target, "wb").write(base64.b64decode(call("GET", s + "/screenshot")))
finally:
    call("DELETE", f"/session/{session}")
PY
"$JAVA_HOME/bin/java" "$root/docs/images/ShrinkPng.java" "$scratch/viewer.png" "$out" 768 5
size=$(stat -c %s "$out")
echo "wrote $out ($size bytes)"
[ "$size" -lt 153600 ] || { echo "larger than 150 KB" >&2; exit 1; }
