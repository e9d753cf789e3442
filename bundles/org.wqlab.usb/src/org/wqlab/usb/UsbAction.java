package org.wqlab.usb;

import java.time.Duration;

import org.wqlab.target.BoardConnection;

/**
 * What a disconnect or reconnect acts on.
 *
 * @param device USB device path on the board ({@code 2-1})
 * @param hub    uhubctl's hub location ({@code -l}), or ""
 * @param port   uhubctl's port ({@code -p}), or ""
 * @param message what a person is asked to do (manual driver)
 */
public record UsbAction(BoardConnection connection, String device, String hub, String port, String message,
        Duration countdown, ManualPrompt prompt, Duration timeout) {
}
