package org.wqlab.lava;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;

/**
 * LAVA's REST API (v0.2) for one server: its device types and devices, submitting and cancelling a job, the job's
 * state and its log read incrementally. Every failure names the server: unreachable, the token refused, a request
 * refused with LAVA's own message.
 */
public final class LavaClient {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    /** A device of the server, with the scheduler's view of it. */
    public record Device(String hostname, String deviceType, String state, String health, String worker) {
    }

    /** A device type of the server. */
    public record DeviceType(String name, String description) {
    }

    /** A job as the scheduler reports it ({@code state}: Submitted, Scheduling, Scheduled, Running, Canceling, Finished). */
    public record Job(long id, String state, String health, String device, String deviceType, String description,
            String failureComment, String submitTime, String startTime, String endTime) {

        public boolean finished() {
            return "Finished".equals(state);
        }

        /** Queued: the scheduler has not started it on a device yet. */
        public boolean queued() {
            return "Submitted".equals(state) || "Scheduling".equals(state);
        }
    }

    private final LavaServer server;
    private final String authorization;
    private final HttpClient http;

    public LavaClient(LavaServer server, char[] token) {
        this.server = server;
        this.authorization = "Token " + new String(token);
        this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    public LavaServer server() {
        return server;
    }

    /** Who the token belongs to ({@code whoami}): a cheap check that the server answers and takes the token. */
    public String whoami() throws LavaException {
        JsonObject o = getJson("system/whoami/").getAsJsonObject();
        return text(o, "user");
    }

    public List<DeviceType> deviceTypes() throws LavaException {
        List<DeviceType> out = new ArrayList<>();
        for (JsonElement e : pages("devicetypes/?limit=500")) {
            JsonObject o = e.getAsJsonObject();
            out.add(new DeviceType(text(o, "name"), text(o, "description")));
        }
        return out;
    }

    public List<Device> devices() throws LavaException {
        List<Device> out = new ArrayList<>();
        for (JsonElement e : pages("devices/?limit=500")) {
            JsonObject o = e.getAsJsonObject();
            out.add(new Device(text(o, "hostname"), text(o, "device_type"), text(o, "state"), text(o, "health"),
                    text(o, "worker_host")));
        }
        return out;
    }

    public Job job(long id) throws LavaException {
        return job(getJson("jobs/" + id + "/").getAsJsonObject());
    }

    /** The newest jobs, newest first, of a device type (null: of all). */
    public List<Job> jobs(String deviceType, int limit) throws LavaException {
        String filter = deviceType == null ? "" : "&requested_device_type=" + java.net.URLEncoder.encode(deviceType,
                StandardCharsets.UTF_8);
        List<Job> out = new ArrayList<>();
        JsonObject page = getJson("jobs/?ordering=-id&limit=" + limit + filter).getAsJsonObject();
        for (JsonElement e : page.getAsJsonArray("results")) {
            out.add(job(e.getAsJsonObject()));
        }
        return out;
    }

    /** The job's definition as the server keeps it. */
    public String definition(long id) throws LavaException {
        return text(getJson("jobs/" + id + "/").getAsJsonObject(), "definition");
    }

    /**
     * Submits a job definition (YAML text).
     *
     * @return the job's id
     * @throws LavaException.JobRefused with LAVA's message when it refuses the job
     */
    public long submit(String definition) throws LavaException {
        JsonObject body = new JsonObject();
        body.addProperty("definition", definition);
        HttpResponse<String> r = send(HttpRequest.newBuilder(server.api("jobs/"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8)), "submit a job");
        if (r.statusCode() == 400) {
            throw new LavaException.JobRefused(server + " refused the job: " + message(r));
        }
        JsonObject o = parse(r, "submit a job").getAsJsonObject();
        JsonArray ids = o.getAsJsonArray("job_ids");
        if (ids == null || ids.isEmpty()) {
            throw new LavaException(server + " accepted the job but named no job id: " + r.body());
        }
        return ids.get(0).getAsLong();
    }

    /** Asks the scheduler to cancel the job (it ends as Finished, health Canceled). */
    public void cancel(long id) throws LavaException {
        HttpResponse<String> r = send(HttpRequest.newBuilder(server.api("jobs/" + id + "/cancel/")).GET(),
                "cancel job " + id);
        parse(r, "cancel job " + id);
    }

    /**
     * The job's log records from index {@code start} to what the server has now: YAML, one record a line. Empty
     * when nothing came after {@code start} yet.
     */
    public String logs(long id, long start) throws LavaException {
        HttpResponse<String> r = send(HttpRequest.newBuilder(server.api("jobs/" + id + "/logs/?start=" + start))
                .GET(), "read the log of job " + id);
        if (r.statusCode() == 404) {
            return ""; // no record at or after start yet (or no log yet)
        }
        check(r, "read the log of job " + id);
        return r.body();
    }

    private Job job(JsonObject o) {
        return new Job(o.get("id").getAsLong(), text(o, "state"), text(o, "health"), text(o, "actual_device"),
                text(o, "requested_device_type"), text(o, "description"), text(o, "failure_comment"),
                text(o, "submit_time"), text(o, "start_time"), text(o, "end_time"));
    }

    private List<JsonElement> pages(String first) throws LavaException {
        List<JsonElement> out = new ArrayList<>();
        Optional<URI> next = Optional.of(server.api(first));
        while (next.isPresent()) {
            HttpResponse<String> r = send(HttpRequest.newBuilder(next.get()).GET(), "list " + first);
            JsonObject page = parse(r, "list " + first).getAsJsonObject();
            page.getAsJsonArray("results").forEach(out::add);
            JsonElement n = page.get("next");
            next = n == null || n.isJsonNull() ? Optional.empty() : Optional.of(URI.create(n.getAsString()));
        }
        return out;
    }

    private JsonElement getJson(String path) throws LavaException {
        HttpResponse<String> r = send(HttpRequest.newBuilder(server.api(path)).GET(), "read " + path);
        return parse(r, "read " + path);
    }

    private HttpResponse<String> send(HttpRequest.Builder request, String what) throws LavaException {
        HttpRequest req;
        try {
            req = request.header("Authorization", authorization).header("Accept", "application/json")
                    .timeout(REQUEST_TIMEOUT).build();
        } catch (IllegalArgumentException notAToken) {
            // never the value itself: it is a secret
            throw new LavaException(server + ": the API token of user '" + server.user() + "' is not one (it holds"
                    + " spaces or control characters)");
        }
        try {
            HttpResponse<String> r = http.send(req, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            if (r.statusCode() == 401 || r.statusCode() == 403) {
                throw new LavaException.TokenRefused(server + " refused the API token of user '" + server.user()
                        + "' (HTTP " + r.statusCode() + ": " + message(r) + ")");
            }
            return r;
        } catch (LavaException e) {
            throw e;
        } catch (HttpConnectTimeoutException e) {
            throw new LavaException(server + " is unreachable: no answer within " + CONNECT_TIMEOUT.toSeconds()
                    + " s", e);
        } catch (HttpTimeoutException e) {
            throw new LavaException(server + " did not answer within " + REQUEST_TIMEOUT.toSeconds() + " s to "
                    + what, e);
        } catch (ConnectException | UnresolvedAddressException e) {
            throw new LavaException(server + " is unreachable: " + (e.getMessage() != null ? e.getMessage()
                    : e instanceof ConnectException ? "the connection was refused (is the server up?)" : e.toString()),
                    e);
        } catch (IOException e) {
            throw new LavaException(server + ": cannot " + what + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LavaException("interrupted while asking " + server + " to " + what, e);
        }
    }

    private JsonElement parse(HttpResponse<String> r, String what) throws LavaException {
        check(r, what);
        try {
            return JsonParser.parseString(r.body());
        } catch (JsonParseException e) {
            throw new LavaException(server + " answered what is not JSON when asked to " + what, e);
        }
    }

    private void check(HttpResponse<String> r, String what) throws LavaException {
        if (r.statusCode() == 404) {
            throw new LavaException.NotFound(server + " has no such thing when asked to " + what + " (HTTP 404)");
        }
        if (r.statusCode() / 100 != 2) {
            throw new LavaException(server + " answered HTTP " + r.statusCode() + " when asked to " + what + ": "
                    + message(r));
        }
    }

    /** LAVA's "message" or "detail", else the start of the body. */
    private static String message(HttpResponse<String> r) {
        String body = r.body() == null ? "" : r.body();
        try {
            JsonElement e = JsonParser.parseString(body);
            if (e.isJsonObject()) {
                for (String key : List.of("message", "detail")) {
                    if (e.getAsJsonObject().has(key)) {
                        return e.getAsJsonObject().get(key).getAsString();
                    }
                }
            }
        } catch (JsonParseException | IllegalStateException | UnsupportedOperationException notJson) {
            // fall through to the body
        }
        String flat = body.replaceAll("\\s+", " ").strip();
        return flat.length() > 200 ? flat.substring(0, 200) + "..." : flat;
    }

    private static String text(JsonObject o, String field) {
        JsonElement e = o.get(field);
        return e == null || e.isJsonNull() ? "" : e.isJsonPrimitive() ? e.getAsString() : e.toString();
    }
}
