# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts that drive the started virtual board (not an input of its build, unlike lib.sh).

# vb_board_sh CMD...: runs CMD on the started virtual board as root, over the SSH port and key its run state names
vb_board_sh() {
	local state=$VB_CACHE/run/board.properties port key
	port=$(sed -n 's/^sshPort=//p' "$state")
	key=$(sed -n 's/^key=//p' "$state" | sed 's/\\:/:/g')
	ssh -q -i "$key" -p "$port" -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
		root@127.0.0.1 "$@"
}
