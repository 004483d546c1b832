#!/usr/bin/env python3
"""relay.py OUT_DIR TIMEOUT QMP_SOCKET QEMU_COMMAND...

Runs QEMU, copies its serial console to stdout and OUT_DIR/serial.log, answers the guest's
"@@SCREENDUMP NAME@@" requests with a QMP screendump to OUT_DIR/NAME.ppm and "@@QMP {"execute": …,
"arguments": …}@@" requests with that QMP command (each then a newline on the console), and exits with the status the guest reports in "@@EXIT N@@" (124 on timeout or a dead VM)."""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time


class Monitor:
    """A QMP connection, opened on first use."""

    def __init__(self, path):
        self.path, self.stream = path, None

    def call(self, command, **arguments):
        if self.stream is None:
            connection = socket.socket(socket.AF_UNIX)
            connection.connect(self.path)
            self.stream = connection.makefile("rw")
            self.stream.readline()  # greeting
            self.call("qmp_capabilities")
        self.stream.write(json.dumps({"execute": command, "arguments": arguments}) + "\n")
        self.stream.flush()
        while True:
            reply = json.loads(self.stream.readline())
            if "return" in reply or "error" in reply:
                return reply


def main():
    out, timeout, qmp_path, command = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4:]
    started = time.monotonic()
    vm = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    killer = threading.Timer(timeout, vm.kill)
    killer.start()
    monitor, status = Monitor(qmp_path), 124
    with open(os.path.join(out, "serial.log"), "wb") as log:
        for raw in iter(vm.stdout.readline, b""):
            log.write(raw)
            sys.stdout.buffer.write(raw)
            sys.stdout.flush()
            line, elapsed = raw.decode(errors="replace"), time.monotonic() - started
            if match := re.search(r"@@SCREENDUMP ([\w.-]+)@@", line):
                reply = monitor.call("screendump", filename=os.path.join(out, match[1] + ".ppm"))
                print(f"[host {elapsed:.2f}s] screendump {match[1]}.ppm: {reply.get('error', 'ok')}", flush=True)
                vm.stdin.write(b"\n")
                vm.stdin.flush()
            elif match := re.search(r"@@QMP (\{.*\})@@", line):
                request = json.loads(match[1])
                reply = monitor.call(request["execute"], **request.get("arguments", {}))
                if "error" in reply:
                    print(f"[host {elapsed:.2f}s] QMP {request['execute']}: {reply['error']}", flush=True)
                vm.stdin.write(b"\n")
                vm.stdin.flush()
            elif match := re.search(r"@@BOOTED ([\d.]+)@@", line):
                print(f"[host {elapsed:.2f}s] booted (guest uptime {match[1]} s)", flush=True)
            elif match := re.search(r"@@EXIT (\d+)@@", line):
                status = int(match[1])
    if vm.poll() is None:
        vm.kill()
    vm.wait()
    killer.cancel()
    print(f"[host {time.monotonic() - started:.2f}s] VM exited, command status {status}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
