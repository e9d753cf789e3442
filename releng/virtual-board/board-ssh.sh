# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts that drive the started virtual board (not an input of its build, unlike lib.sh).

# vb_board_ssh_init: after `wqlab vboard start`, keeps the SSH port and key of the board's run state for vb_board_sh
vb_board_ssh_init() {
	local state=$VB_CACHE/run/board.properties
	[ -f "$state" ] || vb_die "no $state: is the virtual board started?"
	VB_SSH_PORT=$(sed -n 's/^sshPort=//p' "$state")
	VB_SSH_KEY=$(sed -n 's/^key=//p' "$state" | sed 's/\\:/:/g')
}

# vb_board_sh CMD...: runs CMD on the started virtual board as root
vb_board_sh() {
	ssh -q -i "$VB_SSH_KEY" -p "$VB_SSH_PORT" -o BatchMode=yes -o StrictHostKeyChecking=no \
		-o UserKnownHostsFile=/dev/null root@127.0.0.1 "$@"
}
