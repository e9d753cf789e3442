package org.wqlab.boards;

/** Where a board's connection stands. Values only; the registry publishes changes to its listeners. */
public sealed interface BoardStatus {

    /** A word for the status column, its icon and tests: disconnected, connecting, starting, connected or error. */
    String label();

    record Disconnected() implements BoardStatus {
        @Override
        public String label() {
            return "disconnected";
        }
    }

    record Connecting() implements BoardStatus {
        @Override
        public String label() {
            return "connecting";
        }
    }

    /** A board wqlab starts itself (the QEMU virtual board) is booting; {@code detail} is its latest progress. */
    record Starting(String detail) implements BoardStatus {
        @Override
        public String label() {
            return "starting";
        }
    }

    record Connected() implements BoardStatus {
        @Override
        public String label() {
            return "connected";
        }
    }

    record Failed(String message) implements BoardStatus {
        @Override
        public String label() {
            return "error";
        }
    }

    BoardStatus DISCONNECTED = new Disconnected();
    BoardStatus CONNECTING = new Connecting();
    BoardStatus CONNECTED = new Connected();
}
