#!/bin/sh
# Simulator benchmark: simulated seconds per wall second for one simulated hour with a 4 GB
# copy and a physical pull, cold first round, then warm median of N rounds next to an empty-event-loop baseline with
# the same number of timer events, measured in the same run. Goal: >= 3600.
# Needs the Tycho build outputs first (from the repo root):
#   ./mvnw -B -o -pl bundles/org.wqlab.core,bundles/org.wqlab.sim,bundles/org.wqlab.sim.tests verify
# Usage: releng/bench/sim/run.sh [rounds=5] [warmup=3]
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
m2=${M2_REPO:-$HOME/.m2/repository}
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java
cp=""
for j in "$root"/bundles/org.wqlab.core/target/org.wqlab.core-*.jar \
         "$root"/bundles/org.wqlab.sim/target/org.wqlab.sim-*.jar \
         "$root"/bundles/org.wqlab.sim.tests/target/org.wqlab.sim.tests-*.jar \
         "$m2"/com/google/code/gson/gson/2.13.2/gson-2.13.2.jar \
         "$m2"/org/apache/sshd/sshd-osgi/2.20.0/sshd-osgi-2.20.0.jar \
         "$m2"/org/apache/sshd/sshd-sftp/2.20.0/sshd-sftp-2.20.0.jar \
         "$m2"/org/slf4j/slf4j-api/2.0.20/slf4j-api-2.0.20.jar; do
    [ -f "$j" ] || { echo "missing $j (run the Tycho build first, see the header of $0)" >&2; exit 2; }
    cp="$cp${cp:+:}$j"
done
exec "$java" -Xms256m -cp "$cp" org.wqlab.sim.bench.SimBenchmark "${1:-5}" "${2:-3}"
