#!/usr/bin/env python3
"""End-to-end cost of a quote of 4 options x 25 lines through the REST API (issue 18, docs/benchmarks.md).

For each production jar given (several: they take turns round by round, so the machine's changing load falls on all
alike) it starts the jar (profile demo) on a free port against a fresh database gpuquote_bench_<random>, reached
through a small PostgreSQL wire-protocol proxy in this script that counts the statements the application sends
(every Execute of the extended protocol and every simple Query: what log_statement=all would log, BEGIN/COMMIT and
SET LOCAL included). As the demo consultant, with a bearer token, it then runs `warm` rounds and `rounds` measured
rounds of: create a 4x25 quote, read it, fetch its PDF. It prints p50/p95/min/max per request and per jar, and the
median number of statements per request (the count is taken between sending the request and reading the answer, so
a background job of the application that happens to run then adds to it; the median hides that).

    python3 src/bench/python/quote_rest_bench.py --jar /tmp/before.jar --jar /tmp/after.jar --rounds 30 --warm 5

Needs only the Python standard library, java on the PATH (or --java) and psql for dropping the databases.
"""
import argparse
import base64
import json
import os
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid

REGION = "cn-beijing"
CONSULTANT = ("consultant@sanfei.demo", "Demo-Consultant-2026!")


class CountingProxy:
    """Forwards TCP to PostgreSQL and counts the client's Execute ('E') and Query ('Q') messages."""

    def __init__(self, target_host, target_port):
        self.target = (target_host, target_port)
        self.count = 0
        self.lock = threading.Lock()
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(64)
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def take(self):
        with self.lock:
            n, self.count = self.count, 0
            return n

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            for s in (client, upstream):
                s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._client_to_server, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pump(src, dst):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            for s in (src, dst):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def _client_to_server(self, client, upstream):
        buf = b""
        startup = True  # untyped messages (SSLRequest, GSSENCRequest, StartupMessage) until the startup message
        try:
            while True:
                data = client.recv(65536)
                if not data:
                    break
                upstream.sendall(data)
                buf += data
                while True:
                    if startup:
                        if len(buf) < 8:
                            break
                        length, code = struct.unpack("!II", buf[:8])
                        if len(buf) < length:
                            break
                        buf = buf[length:]
                        if code not in (80877103, 80877104):  # not SSLRequest / GSSENCRequest
                            startup = False
                    else:
                        if len(buf) < 5:
                            break
                        kind = buf[0:1]
                        length = struct.unpack("!I", buf[1:5])[0]
                        if len(buf) < 1 + length:
                            break
                        buf = buf[1 + length:]
                        if kind in (b"E", b"Q"):
                            with self.lock:
                                self.count += 1
        except OSError:
            pass
        finally:
            for s in (client, upstream):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class App:
    def __init__(self, jar, args, index):
        self.jar = jar
        self.db = "gpuquote_bench_" + uuid.uuid4().hex[:12]
        # --direct: no counting proxy between the application and PostgreSQL (its Python threads add latency to
        # every statement, which the timings then include); statements are not counted then
        self.proxy = None if args.direct else CountingProxy(args.db_host, args.db_port)
        db_port = args.db_port if args.direct else self.proxy.port
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = "http://127.0.0.1:%d" % self.port
        self.log_path = os.path.abspath("target/quote-rest-bench-%d.log" % index)
        os.makedirs(os.path.dirname(self.log_path), exist_ok=True)
        command = [args.java] + args.jvm.split() + [
            "-jar", jar, "--spring.profiles.active=demo", "--server.port=%d" % self.port,
            "--gpuquote.public-url=" + self.base,
            "--gpuquote.db.url=jdbc:postgresql://%s:%d/%s" % (args.db_host if args.direct else "127.0.0.1", db_port, self.db)]
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        self.token = None

    def wait_healthy(self):
        deadline = time.time() + 900
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise SystemExit("the application stopped; see " + self.log_path)
            try:
                with urllib.request.urlopen(self.base + "/actuator/health", timeout=5) as r:
                    if r.status == 200 and b"UP" in r.read():
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.3)
        raise SystemExit("the application did not become healthy; see " + self.log_path)

    def call(self, method, path, body=None, auth=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", auth or "Bearer " + self.token)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status, r.read()

    def prepare(self):
        basic = "Basic " + base64.b64encode(("%s:%s" % CONSULTANT).encode()).decode()
        # the demo data is seeded after the start: retry until the consultant exists
        for _ in range(300):
            try:
                _, body = self.call("POST", "/api/v1/me/tokens", {"name": "bench", "expiresInDays": 1}, basic)
                self.token = json.loads(body)["token"]
                break
            except urllib.error.HTTPError:
                time.sleep(1)
        else:
            raise SystemExit("no demo consultant; see " + self.log_path)
        customer = json.loads(self.call("POST", "/api/v1/customers", {"name": "基准客户 %d" % time.time_ns()})[1])["id"]
        project = json.loads(self.call("POST", "/api/v1/projects", {"customerId": customer, "name": "基准项目"})[1])["id"]
        types = []
        for _ in range(300):  # the demo price lists may still be being seeded
            rec = json.loads(self.call("POST", "/api/v1/recommendations", {
                "workload": "INFERENCE", "model": {"preset": "llama-3-8b"}, "precision": "BF16",
                "sequenceLength": 4096, "region": REGION, "billingMode": "HOURLY"})[1])
            types = list(dict.fromkeys(c["instanceType"] for c in rec["candidates"]))[:5]
            if types:
                break
            time.sleep(1)
        if not types:
            raise SystemExit("no recommendation candidates in " + REGION)
        self.quote_body = {"projectId": project, "options": [
            {"lines": [{"instanceType": types[(o + l) % len(types)], "region": REGION, "billingMode": "HOURLY",
                        "quantity": 1 + l % 4, "termMonths": 1 + l % 12} for l in range(25)],
             "serviceLines": []} for o in range(4)]}

    def timed(self, method, path, body=None):
        if self.proxy:
            self.proxy.take()
        t0 = time.perf_counter()
        status, content = self.call(method, path, body)
        ms = (time.perf_counter() - t0) * 1000
        return ms, self.proxy.take() if self.proxy else 0, content

    def round(self):
        create_ms, create_sql, body = self.timed("POST", "/api/v1/quotes", self.quote_body)
        quote_id = json.loads(body)["id"]
        read_ms, read_sql, _ = self.timed("GET", "/api/v1/quotes/" + quote_id)
        pdf_ms, pdf_sql, pdf = self.timed("GET", "/api/v1/quotes/%s.pdf" % quote_id)
        if not pdf.startswith(b"%PDF"):
            raise SystemExit("not a PDF")
        return {"create": (create_ms, create_sql), "read": (read_ms, read_sql), "pdf": (pdf_ms, pdf_sql)}

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qAtc",
                        "drop database if exists %s with (force)" % self.db], check=False)


def label(jar):
    """The jar's file name, or for target/gpuquote-*.jar the directory of its build."""
    path = os.path.abspath(jar)
    if os.path.basename(os.path.dirname(path)) == "target":
        return os.path.basename(os.path.dirname(os.path.dirname(path)))
    return os.path.basename(path)


def percentile(values, p):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(p / 100.0 * len(ordered) + 0.5)) - 1))
    return ordered[k]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jar", action="append", required=True, help="production jar; repeat to compare")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--warm", type=int, default=5)
    parser.add_argument("--java", default="java")
    parser.add_argument("--jvm", default="-Xmx1g", help="JVM options of the application, e.g. -XX:StartFlightRecording=...")
    parser.add_argument("--db-host", default="127.0.0.1")
    parser.add_argument("--db-port", type=int, default=5432)
    parser.add_argument("--direct", action="store_true",
                        help="connect the application straight to PostgreSQL: timings without the counting proxy, no statement counts")
    args = parser.parse_args()

    apps = [App(jar, args, i) for i, jar in enumerate(args.jar)]
    results = [{"create": [], "read": [], "pdf": []} for _ in apps]
    loads = []
    try:
        for app in apps:
            app.wait_healthy()
            app.prepare()
        for _ in range(args.warm):
            for app in apps:
                app.round()
        loads.append(os.getloadavg())
        for _ in range(args.rounds):
            for app, result in zip(apps, results):
                for request, figure in app.round().items():
                    result[request].append(figure)
        loads.append(os.getloadavg())
    finally:
        for app in apps:
            app.stop()

    print("%s, %d warm-up + %d measured rounds per jar, taking turns; load average at start %.2f %.2f %.2f, "
          "at end %.2f %.2f %.2f" % ((time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), args.warm, args.rounds)
                                     + loads[0] + loads[-1]))
    print("| jar | request | p50 ms | p95 ms | min ms | max ms | SQL statements (median, min-max) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for app, result in zip(apps, results):
        for request in ("create", "read", "pdf"):
            ms = [m for m, _ in result[request]]
            sql = [s for _, s in result[request]]
            counted = "not counted (--direct)" if app.proxy is None else "%d (%d-%d)" % (
                statistics.median(sql), min(sql), max(sql))
            print("| %s | %s | %.0f | %.0f | %.0f | %.0f | %s |" % (
                label(app.jar), request,
                statistics.median(ms), percentile(ms, 95), min(ms), max(ms), counted))


if __name__ == "__main__":
    main()
