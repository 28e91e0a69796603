// The reference for the server throughput target: a minimal Node http server that answers each
// page with the HTML the site sent for it (fetched once by bench/throughput.ts, passed as a JSON
// file: { "/path": { contentType, encoding, base64 } }). Run as its own process so it does not
// share an event loop with autocannon.
//
// Compression is counted the same way on both sides: when the site answered a browser's
// Accept-Encoding with gzip or br, this server compresses every response on the fly with the same
// algorithm at the defaults of the `compression` middleware the site uses (gzip: zlib's default
// level 6; brotli: quality 4). When the site sent it uncompressed, so does this server.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

const pages = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const page of Object.values(pages)) page.body = Buffer.from(page.base64, "base64");

const compress = {
  gzip: (body, done) => zlib.gzip(body, done),
  br: (body, done) => zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, done),
};

const server = http.createServer((req, res) => {
  const page = pages[new URL(req.url, "http://x").pathname];
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  const accepted = req.headers["accept-encoding"] ?? "";
  const encoding = page.encoding && compress[page.encoding] && accepted.includes(page.encoding) ? page.encoding : undefined;
  const send = (body, headers = {}) => {
    res.writeHead(200, { "content-type": page.contentType, "content-length": body.byteLength, vary: "Accept-Encoding", ...headers });
    res.end(body);
  };
  if (!encoding) return send(page.body);
  compress[encoding](page.body, (error, body) => {
    if (error) res.writeHead(500).end();
    else send(body, { "content-encoding": encoding });
  });
});
server.listen(Number(process.argv[3] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
