#!/usr/bin/env bash
# Builds the Debian package (./mvnw -Pdeb), installs it on this machine, starts the service exactly as its systemd
# unit would (user, environment file, working directory and ExecStart read from the installed unit; no systemd needed),
# checks that /ready answers 200, that a one-page PDF completes a job on the bundled Java runtime and that the
# metrics endpoint answers, then purges the package and whatever this script created. Needs root; refuses to run
# where a preflight package is already installed. CI (.ci/run) runs it after the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != "0" ]; then
  echo "check-deb: needs root (dpkg -i / --purge)." >&2
  exit 1
fi
if dpkg -s preflight >/dev/null 2>&1; then
  echo "check-deb: a preflight package is already installed here; this check installs and purges it, so it stops." >&2
  exit 1
fi

start=$(date +%s)
JAVA_HOME="$(bin/java-home)"
export JAVA_HOME
./mvnw -B -q -Pdeb -pl packaging -am -DskipTests package
deb=$(ls packaging/target/preflight_*_amd64.deb)
built=$(date +%s)

had_user=0; getent passwd preflight >/dev/null && had_user=1
had_state=0; [ -e /var/lib/preflight ] && had_state=1
work=$(mktemp -d)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  dpkg --purge preflight >/dev/null 2>&1 || true
  [ "$had_state" = 0 ] && rm -rf /var/lib/preflight
  [ "$had_user" = 0 ] && getent passwd preflight >/dev/null && deluser --system --quiet preflight >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$PWD/$deb" >"$work/apt.log" 2>&1 \
  || { echo "check-deb: installing $deb failed:" >&2; cat "$work/apt.log" >&2; exit 1; }
unit=/lib/systemd/system/preflight.service
for f in "$unit" /etc/preflight/preflight.env /usr/lib/preflight/runtime/bin/java /usr/lib/preflight/app/preflight.jar \
    /usr/lib/preflight/app/preflight.aot /usr/lib/preflight/app/preflight.aot.mtimes; do
  [ -e "$f" ] || { echo "check-deb: $f is missing after install" >&2; exit 1; }
done
getent passwd preflight >/dev/null || { echo "check-deb: postinst did not create the preflight user" >&2; exit 1; }
installed=$(date +%s)

field() { sed -n "s/^$1=//p" "$unit" | head -n1; }
user=$(field User); envfile=$(field EnvironmentFile); workdir=$(field WorkingDirectory); exec_start=$(field ExecStart)
port=""
for _ in $(seq 1 50); do
  candidate=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
done
[ -n "$port" ] || { echo "check-deb: found no free port" >&2; exit 1; }
# The unit's environment, with a free port so that nothing else on this machine is disturbed.
mapfile -t env_lines < <(grep -E '^[A-Z_]+=' "$envfile")
(cd "$workdir" && exec runuser -u "$user" -- env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "${env_lines[@]}" \
  SERVER_PORT="$port" $exec_start >"$work/server.log" 2>&1) &
pid=$!

base="http://127.0.0.1:$port"
launched=$(date +%s.%N)
for _ in $(seq 1 1800); do
  code=$(curl -s -o "$work/ready.json" -w '%{http_code}' "$base/ready" || true)
  [ "$code" = "200" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "check-deb: the service exited:" >&2; tail -n 40 "$work/server.log" >&2; exit 1; }
  sleep 0.1
done
if [ "$code" != "200" ]; then
  echo "check-deb: /ready answered $code, not 200: $(cat "$work/ready.json" 2>/dev/null)" >&2
  tail -n 40 "$work/server.log" >&2
  exit 1
fi
ready=$(date +%s)
ready_s=$(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $launched }")
# The runtime says so when it cannot use the cache it was given (another JVM, changed jars): that is a broken package.
if grep -qiE 'AOT cache|AOTCache|shared archive' "$work/server.log"; then
  echo "check-deb: the bundled runtime did not use the package's AOT cache:" >&2
  grep -iE 'AOT cache|AOTCache|shared archive' "$work/server.log" | head -5 >&2
  exit 1
fi

# The contract the training run kept beside the jars is served from the first request on, not built by springdoc.
grep -q '/openapi.json is served from /usr/lib/preflight/app/openapi-' "$work/server.log" \
  || { echo "check-deb: the package's /openapi.json copy was not used:" >&2; grep -i openapi "$work/server.log" | head -5 >&2; exit 1; }
doc_s=$(curl -s -o "$work/openapi.json" -w '%{time_total}' "$base/openapi.json")
grep -q "\"url\":\"$base\"" "$work/openapi.json" \
  || { echo "check-deb: /openapi.json does not name this server: $(head -c 300 "$work/openapi.json")" >&2; exit 1; }

gs -q -dNOPAUSE -dBATCH -sDEVICE=pdfwrite -o "$work/one-page.pdf" -c '<</PageSize [595 842]>> setpagedevice showpage'
job=$(curl -s -F "file=@$work/one-page.pdf" "$base/api/v1/jobs?wait=60")
echo "$job" | grep -q '"status":"completed"' || { echo "check-deb: the job did not complete: $job" >&2; tail -n 40 "$work/server.log" >&2; exit 1; }
# Into a file first: with pipefail, grep -q leaving early would fail curl's write and the pipeline with it.
curl -s -o "$work/metrics.txt" "$base/actuator/prometheus" || true
grep -q '^preflight_jobs_queued' "$work/metrics.txt" \
  || { echo "check-deb: no metrics at /actuator/prometheus: $(head -c 300 "$work/metrics.txt")" >&2; exit 1; }

kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
echo "check-deb: OK ($(du -h "$deb" | cut -f1) package; build $((built - start)) s, install $((installed - built)) s," \
  "ready $ready_s s after launch from the AOT cache; first /openapi.json in $doc_s s; /ready 200, job completed on" \
  "the bundled runtime, metrics served)"
