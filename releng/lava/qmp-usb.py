#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The lab device's USB user commands: pull or plug back the stick of the QEMU that LAVA started, over its QMP
socket (the device dictionary gives QEMU `-qmp unix:SOCKET,server=on,wait=off`).

    qmp-usb.py SOCKET STICK_IMAGE disconnect|reconnect
"""
import json
import socket
import sys


def command(sock, reader, name, arguments=None):
    message = {"execute": name}
    if arguments:
        message["arguments"] = arguments
    sock.sendall((json.dumps(message) + "\n").encode())
    while True:
        reply = json.loads(reader.readline())
        if "return" in reply:
            return reply["return"]
        if "error" in reply:
            raise SystemExit("qmp-usb: %s: %s" % (name, reply["error"].get("desc", reply["error"])))


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("disconnect", "reconnect"):
        raise SystemExit("usage: qmp-usb.py SOCKET STICK_IMAGE disconnect|reconnect")
    path, stick, action = sys.argv[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(30)
        sock.connect(path)
        reader = sock.makefile("r")
        json.loads(reader.readline())  # the greeting
        command(sock, reader, "qmp_capabilities")
        if action == "disconnect":
            command(sock, reader, "device_del", {"id": "stick0"})
        else:
            # device_del also deleted the drive: add it again, then the USB disk on it
            answer = command(sock, reader, "human-monitor-command", {
                "command-line": "drive_add 0 if=none,id=stick,file=%s,format=raw,readonly=on" % stick})
            if answer.strip() not in ("", "OK"):
                raise SystemExit("qmp-usb: drive_add: " + answer.strip())
            command(sock, reader, "device_add",
                    {"driver": "usb-storage", "bus": "xhci.0", "drive": "stick", "id": "stick0"})
    print("qmp-usb: %s done" % action)


if __name__ == "__main__":
    main()
