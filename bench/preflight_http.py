"""What the benchmark scripts share (standard library only): a server started from a jar on a fresh data directory,
and multipart submissions."""
import http.client
import os
import shutil
import subprocess
import tempfile
import time
import uuid


def multipart(fields, file_name, data):
    """A multipart/form-data body with the fields and one PDF part named file; returns (body, content type)."""
    boundary = uuid.uuid4().hex
    parts = [f"--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n".encode()
             for k, v in fields.items()]
    parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n"
                 f"Content-Type: application/pdf\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Server:
    """The jar started on a fresh data directory (H2 and files, auth mode none); stop() removes the directory."""

    def __init__(self, java, jar, port, jvm_opts=(), env=None, prefix="preflight-bench-"):
        self.port = port
        self.data = tempfile.mkdtemp(prefix=prefix)
        self.log = open(os.path.join(self.data, "server.log"), "w")
        environment = dict(os.environ, PREFLIGHT_DATA_DIR=self.data, SERVER_PORT=str(port), **(env or {}))
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([java, *jvm_opts, "-jar", jar], env=environment, stdout=self.log,
                                     stderr=subprocess.STDOUT)

    def wait_ready(self, timeout=180):
        """Polls GET /ready until 200; returns the seconds since the JVM was started."""
        while True:
            if self.proc.poll() is not None:
                raise SystemExit("the server exited; see " + self.log.name)
            try:
                c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                c.request("GET", "/ready")
                if c.getresponse().status == 200:
                    return time.perf_counter() - self.started
            except OSError:
                pass
            if time.perf_counter() - self.started > timeout:
                raise SystemExit(f"not ready after {timeout} s; see {self.log.name}")
            time.sleep(0.02)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.data, ignore_errors=True)
