// Several devices in one room (issue 28): WebRTC data channels with no server at all.
//
// The host makes one RTCPeerConnection per guest seat ({iceServers: []}: host candidates only, so
// no request ever leaves the room's Wi-Fi, and none leaves the origin). ICE gathering runs to its
// end before a description is shown (no trickle), and the description is cut to what a data
// channel needs (ICE user name and password, the DTLS fingerprint, the candidates' addresses and
// ports), then rebuilt on the other side from a fixed template. That text rides after "#" in a link:
//   invitation  <page>#join=<seat>~<ufrag>~<pwd>~<fingerprint>~<addr:port,...>
//   answer      <page>#answer=<seat>.<its invitation's ufrag>~<ufrag>~<pwd>~<fingerprint>~<addr:port,...>
// (about 160 characters: small enough for a QR code without compressing it). The answer names the
// invitation it answers, so the host can tell an answer to an earlier invitation (one made before
// its page reloaded) from a network that keeps the phones apart; an answer without it is taken as
// before.
//
// Python (ui/browser/remote.py) calls window.hfNet and hears back through "hf-net" events on window:
// {kind: "open" | "message" | "close" | "fail", seat, text}. The guest's seat is -1 (its link to the host).
// An answer link opened in another tab of this origin is handed to the running table over a
// BroadcastChannel ("hf-remote"), and that tab says so instead of starting a second table.
//
// A way back (a guest that reloads, sleeps or walks out of range gets its seat back with no new
// invitation): while a link is open, the host makes a spare connection for that seat and sends its
// offer over the link ({"net":"spare","o":<compact offer>}); the guest answers with what its next
// answer will hold ({"net":"back","a":"ufrag~pwd~fingerprint"}): a certificate it keeps in IndexedDB
// (RTCCertificate is stored as is) and a fresh ICE user name and password, all kept with the offer
// in localStorage (a tab closed and the invitation opened again finds it too). When the link drops,
// the host completes the spare with that answer (no
// addresses: the guest's arrive with its first connectivity check), and the guest, reloaded or not,
// rebuilds the same answer from what it kept (its certificate, the ICE credentials written into its
// answer). Only the phone holding that certificate and password can open that seat's spare: the
// DTLS handshake checks the certificate against the fingerprint the host holds. Each spare serves once;
// a new one is exchanged every time a link opens.
//
// The way home is the same the other way round (the host's page reloads: its links die with it): while a
// link is open the guest makes a spare connection of its own and sends its offer ({"net":"home","o":...});
// the host keeps that offer in localStorage with a fresh ICE user name and password and its own certificate
// (IndexedDB), and answers with what its answer will hold ({"net":"homeback","a":"ufrag~pwd~fingerprint"}).
// When the link drops the guest completes its spare with that answer and waits; a reloaded host page rebuilds
// the same answer to the kept offer, and the guest's phone is back without a new invitation. The reloaded page
// answers with its first script (the table, started after, claims the seat with ``home(seat)``): Firefox gives
// the guest's side up 5 s after the link dropped if nothing has come from the host by then, and on a phone the
// table takes longer than that to start. The guest waits HOME_MS, then asks for a new invitation.
(function () {
  "use strict";
  var CONNECT_MS = 8000;  // "a few seconds": no open channel by then is said plainly
  var GATHER_MS = 3000;   // ICE gathering on one Wi-Fi takes well under a second
  var HOME_MS = 60000;    // a guest waits this long for a reloaded host page (a phone's cold start included)
  var FIELD = /^[A-Za-z0-9_\-]{1,64}$/;
  var ADDR = /^[A-Za-z0-9.\-:]{1,80}$/;
  var peers = {};  // seat -> {pc, channel, timer}

  function tell(kind, seat, text) {
    window.dispatchEvent(new CustomEvent("hf-net", {detail: {kind: kind, seat: seat, text: text || ""}}));
  }

  function b64url(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function unb64url(text) {
    var s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var out = [];
    for (var i = 0; i < s.length; i++) out.push(s.charCodeAt(i));
    return out;
  }

  // The parts of a description a data channel needs, as "ufrag~pwd~fingerprint~addr:port,...".
  function compact(sdp) {
    var ufrag = (sdp.match(/a=ice-ufrag:(\S+)/) || [])[1];
    var pwd = (sdp.match(/a=ice-pwd:(\S+)/) || [])[1];
    var fp = (sdp.match(/a=fingerprint:sha-256 ([0-9A-Fa-f:]+)/) || [])[1];
    if (!ufrag || !pwd || !fp) throw new Error("incomplete description");
    var seen = {}, cands = [];
    sdp.replace(/a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx)/gi, function (_m, addr, port) {
      var key = addr + ":" + port;
      if (!seen[key] && cands.length < 6) { seen[key] = 1; cands.push(key); }
      return "";
    });
    var bytes = fp.split(":").map(function (h) { return parseInt(h, 16); });
    var esc = function (t) { return t.replace(/\+/g, "-").replace(/\//g, "_"); };
    return [esc(ufrag), esc(pwd), b64url(bytes), cands.join(",")].join("~");
  }

  // Read a compact description back; null for anything that isn't one (a hostile link changes nothing).
  function expand(text, type, bare) {
    if (typeof text !== "string" || text.length > 1200) return null;
    var parts = text.split("~");
    if (parts.length !== 4 || !FIELD.test(parts[0]) || !FIELD.test(parts[1]) || !FIELD.test(parts[2])) return null;
    var fp;
    try { fp = unb64url(parts[2]); } catch (e) { return null; }
    if (fp.length !== 32) return null;
    var cands = parts[3] ? parts[3].split(",") : [];
    if ((cands.length === 0 && !bare) || cands.length > 6) return null;
    var lines = [];
    for (var i = 0; i < cands.length; i++) {
      var at = cands[i].lastIndexOf(":");
      var addr = cands[i].slice(0, at), port = Number(cands[i].slice(at + 1));
      if (at < 1 || !ADDR.test(addr) || !(port > 0 && port < 65536 && Math.floor(port) === port)) return null;
      lines.push("a=candidate:" + (i + 1) + " 1 udp " + (2122260223 - i) + " " + addr + " " + port + " typ host");
    }
    var unesc = function (t) { return t.replace(/-/g, "+").replace(/_/g, "/"); };
    var hex = fp.map(function (b) { return (b < 16 ? "0" : "") + b.toString(16).toUpperCase(); }).join(":");
    var sdp = [
      "v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
      "a=ice-ufrag:" + unesc(parts[0]), "a=ice-pwd:" + unesc(parts[1]), "a=ice-options:trickle",
      "a=fingerprint:sha-256 " + hex, "a=setup:" + (type === "offer" ? "actpass" : "active"), "a=mid:0",
      "a=sctp-port:5000", "a=max-message-size:262144",
    ].concat(lines, ["a=end-of-candidates", ""]).join("\r\n");
    return {type: type, sdp: sdp};
  }

  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === "complete") return resolve();
      var done = function () { if (pc.iceGatheringState === "complete") resolve(); };
      pc.addEventListener("icegatheringstatechange", done);
      setTimeout(resolve, GATHER_MS);
    });
  }

  // ``peer`` (a way home's connection) takes the seat's place once its channel opens, unless a link is open there.
  // A way home answered before the table asked for it (``early``) is held: what it hears waits for the claim.
  function wire(seat, channel, peer) {
    peer = peer || peers[seat];
    peer.channel = channel;
    channel.onopen = function () {
      if (peer.held) { peer.waiting = true; return; }
      opened(seat, peer);
    };
    channel.onmessage = function (e) {
      if (typeof e.data !== "string") return;
      if (peer.held) { peer.inbox.push(e.data); return; }
      heard(seat, e.data);
    };
    channel.onclose = function () { if (peers[seat] === peer) lost(seat, peer); };
  }

  function opened(seat, peer) {
    if (peers[seat] !== peer) {
      if (peers[seat] && peers[seat].open) { try { peer.pc.close(); } catch (e) { /* closed */ } return; }
      close(seat);
      peers[seat] = peer;
    }
    clearTimeout(peer.timer);
    peer.open = true;
    if (seat < 0) dropHome();  // (a new way home is made for this link)
    if (seat < 0 && joined) markUsed(joined.code);
    tell("open", seat);
    if (seat >= 0) makeSpare(seat).catch(function () { dropSpare(seat); });
    else makeHome().catch(function () { dropHome(); });
  }

  function heard(seat, text) {
    if (text.indexOf('{"net":') === 0) netMessage(seat, text); else tell("message", seat, text);
  }

  // The link of ``seat`` dropped: the host completes the seat's spare, if the guest answered one, and
  // waits for the guest on it ("close" with "back"); a guest takes its own way back.
  function lost(seat, peer) {
    var wasOpen = peer.open;
    peer.open = false;
    close(seat);
    if (!wasOpen) {  // (a guest's way back failed: a way home may still come, and says "fail" when it can't)
      if (!(seat < 0 && homeWaiting())) tell("fail", seat);
      return;
    }
    if (seat >= 0 && armSpare(seat)) { tell("close", seat, "back"); return; }
    tell("close", seat);
    if (seat === -1) {  // no way back and no way home: a new invitation is needed, said at once
      armHome();
      comeBack().then(function (back) { if (!back && !homeWaiting()) tell("fail", -1); });
    }
  }

  function fresh(seat) {
    close(seat);
    var pc = new RTCPeerConnection({iceServers: []});
    var peer = peers[seat] = {pc: pc, channel: null, open: false, timer: 0};
    pc.addEventListener("connectionstatechange", function () {
      if (peers[seat] !== peer) return;
      // "disconnected": the other side went quiet (a phone asleep, a closed tab, out of range). It may come
      // back on its own, but the host can't tell when: it is a lost link, and a fresh invitation mends it.
      var state = pc.connectionState;
      if (state === "failed" || state === "closed" || state === "disconnected") lost(seat, peer);
    });
    return peer;
  }

  function watch(seat) {
    var peer = peers[seat];
    clearTimeout(peer.timer);
    peer.timer = setTimeout(function () {
      if (peers[seat] === peer && !peer.open && !(seat < 0 && homeWaiting())) tell("fail", seat);
    }, CONNECT_MS);
  }

  function close(seat) {
    var peer = peers[seat];
    if (!peer) return;
    delete peers[seat];
    clearTimeout(peer.timer);
    try { peer.pc.close(); } catch (e) { /* already closed */ }
  }

  // The host: an invitation for a seat (the compact offer), then the guest's answer taken.
  async function invite(seat) {
    dropSpare(seat);
    if (send(seat, JSON.stringify({net: "bye", why: "new"}))) {  // a phone replaced: no way back or home for it
      await new Promise(function (resolve) { setTimeout(resolve, 250); });
    }
    var peer = fresh(seat);
    wire(seat, peer.pc.createDataChannel("hf", {ordered: true}));
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    await gathered(peer.pc);
    if (peers[seat] !== peer) return "";  // a newer invitation for the seat was begun meanwhile: this one is dead
    var offer = compact(peer.pc.localDescription.sdp);
    peer.tag = offer.split("~")[0];
    return seat + "~" + offer;
  }

  // true: taken; "stale": the answer to an earlier invitation for the seat; false: no answer of ours.
  async function accept(text) {
    var at = typeof text === "string" ? text.indexOf("~") : -1;
    var head = at > 0 ? /^([0-5])(?:\.([A-Za-z0-9_\-]{1,64}))?$/.exec(text.slice(0, at)) : null;
    var seat = head ? Number(head[1]) : NaN;
    var peer = peers[seat];
    var answer = expand(at > 0 ? text.slice(at + 1) : "", "answer");
    if (!peer || !answer) return false;
    if (head[2] && head[2] !== peer.tag) return "stale";  // (no tag yet: the seat's invitation isn't even shown)
    if (peer.open || peer.pc.signalingState !== "have-local-offer") return false;
    try { await peer.pc.setRemoteDescription(answer); } catch (e) { return false; }
    watch(seat);
    return true;
  }

  // A guest: the host's invitation answered (the compact answer, with the seat it answers).
  var joined = null;  // guest: {code, seat} of the invitation this page opened

  async function join(text) {
    var at = typeof text === "string" ? text.indexOf("~") : -1;
    var seat = at > 0 ? text.slice(0, at) : "";
    var offer = expand(at > 0 ? text.slice(at + 1) : "", "offer");
    if (!/^[0-5]$/.test(seat) || !offer) return "";
    joined = {code: text, seat: Number(seat)};
    if (await comeBack()) return "back";  // this page reloaded: its seat's way back, not the spent invitation
    if (used(text)) return "used";  // it led to the table once: the host's side of it is spent
    var peer = fresh(-1);
    peer.pc.ondatachannel = function (e) { wire(-1, e.channel); };
    try {
      await peer.pc.setRemoteDescription(offer);
      await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    } catch (e) { close(-1); return ""; }
    await gathered(peer.pc);
    return seat + "." + text.slice(at + 1).split("~")[0] + "~" + compact(peer.pc.localDescription.sdp);
  }

  // Guest: the invitations that led to a table on this phone (each connects once; a way back does the rest).
  var USED = "hf-used-invitations";

  function usedCodes() {
    try {
      var list = JSON.parse(localStorage.getItem(USED) || "[]");
      return Array.isArray(list) ? list.filter(function (c) { return typeof c === "string"; }) : [];
    } catch (e) { return []; }
  }

  function used(code) { return usedCodes().indexOf(code) >= 0; }

  function markUsed(code) {
    var list = usedCodes().filter(function (c) { return c !== code; });
    list.push(code);
    try { localStorage.setItem(USED, JSON.stringify(list.slice(-8))); } catch (e) { /* then it is answered again */ }
  }


  // ----- the way back ------------------------------------------------------------------------
  var spares = {};  // host: seat -> {pc, channel, answer}: the next connection, waiting for the link to drop
  var WAY_BACK = "hf-way-back";  // guest: localStorage key of {code, seat, offer, ufrag, pwd}
  var NET_TEXT = 1200;  // a longer transport message is dropped unread

  function randomText(bytes) {
    var a = new Uint8Array(bytes);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function netMessage(seat, text) {
    var data = null;
    try { data = text.length <= NET_TEXT ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!data || typeof data !== "object" || Object.keys(data).length !== 2) return;
    if (seat >= 0 && data.net === "back" && typeof data.a === "string") gotBack(seat, data.a);
    else if (seat >= 0 && data.net === "home" && typeof data.o === "string") gotHome(seat, data.o);
    else if (seat === -1 && data.net === "spare" && typeof data.o === "string") gotSpare(data.o);
    else if (seat === -1 && data.net === "homeback" && typeof data.a === "string") gotHomeBack(data.a);
    else if (seat === -1 && data.net === "bye") {  // the host gave this seat a new invitation
      dropHome();
      try { localStorage.removeItem(WAY_BACK); } catch (e) { /* then the way back fails by itself */ }
    }
  }

  // Host: a spare connection for ``seat``, its offer sent over the open link.
  async function makeSpare(seat) {
    dropSpare(seat);
    var pc = new RTCPeerConnection({iceServers: []});
    var spare = spares[seat] = {pc: pc, channel: pc.createDataChannel("hf", {ordered: true}), answer: null};
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (spares[seat] !== spare) return;
    send(seat, JSON.stringify({net: "spare", o: compact(pc.localDescription.sdp)}));
  }

  function gotBack(seat, text) {
    var spare = spares[seat];
    var parts = text.split("~");
    if (!spare || parts.length !== 3) return;
    spare.answer = expand(text + "~", "answer", true);  // checked like any answer: null when it isn't one
  }

  function dropSpare(seat) {
    var spare = spares[seat];
    if (!spare) return;
    delete spares[seat];
    try { spare.pc.close(); } catch (e) { /* already closed */ }
  }

  // Host: the link dropped; the seat's spare takes its place and waits for the guest (false: no spare).
  function armSpare(seat) {
    var spare = spares[seat];
    delete spares[seat];
    if (!spare || !spare.answer || spare.pc.signalingState !== "have-local-offer") {
      if (spare) try { spare.pc.close(); } catch (e) { /* already closed */ }
      return false;
    }
    var peer = peers[seat] = {pc: spare.pc, channel: null, open: false, timer: 0, spare: true};
    wire(seat, spare.channel);
    spare.pc.addEventListener("connectionstatechange", function () {
      var state = spare.pc.connectionState;
      if (peers[seat] !== peer) return;
      if (peer.open && (state === "failed" || state === "closed" || state === "disconnected")) lost(seat, peer);
      else if (state === "failed" || state === "closed") { close(seat); tell("close", seat); }  // no way back after all
    });
    spare.pc.setRemoteDescription(spare.answer).catch(function () {
      if (peers[seat] === peer) { close(seat); tell("close", seat); }
    });
    return true;
  }

  function certificate(name) {
    return new Promise(function (resolve) {
      var done = function (cert) { resolve(cert || null); };
      try {
        var req = indexedDB.open("hf-net", 1);
        req.onupgradeneeded = function () { req.result.createObjectStore("certs"); };
        req.onerror = function () { done(null); };
        req.onsuccess = function () {
          var db = req.result;
          var get = db.transaction("certs").objectStore("certs").get(name);
          get.onerror = function () { done(null); };
          get.onsuccess = function () {
            if (get.result) return done(get.result);
            RTCPeerConnection.generateCertificate({name: "ECDSA", namedCurve: "P-256"}).then(function (cert) {
              var tx = db.transaction("certs", "readwrite");
              tx.objectStore("certs").put(cert, name);
              tx.oncomplete = function () { done(cert); };
              tx.onerror = tx.onabort = function () { done(null); };
            }, function () { done(null); });
          };
        };
      } catch (e) { done(null); }
    });
  }

  function kept() {
    try {
      var data = JSON.parse(localStorage.getItem(WAY_BACK) || "null");
      var ok = data && typeof data.code === "string" && typeof data.offer === "string" &&
               /^[0-9a-f]{8}$/.test(data.ufrag) && /^[0-9a-f]{32}$/.test(data.pwd) && /^[0-5]$/.test(String(data.seat));
      return ok ? data : null;
    } catch (e) { return null; }
  }

  // What an answer still to be made will hold (both ways): a fresh ICE user name and password, and the
  // fingerprint of the certificate kept under ``name``; null when no certificate can be kept here.
  async function promised(name) {
    var cert = await certificate(name);
    var fp = cert && cert.getFingerprints().filter(function (f) { return f.algorithm === "sha-256"; })[0];
    if (!fp) return null;
    var way = {ufrag: randomText(4), pwd: randomText(16)};
    var bytes = fp.value.split(":").map(function (h) { return parseInt(h, 16); });
    way.text = [way.ufrag, way.pwd, b64url(bytes)].join("~");
    return way;
  }

  // The answer that was promised: to ``offer``, on ``pc`` (made with the kept certificate), with the ICE user
  // name and password of ``way`` written in before it is set.
  async function answerAsPromised(pc, offer, way) {
    await pc.setRemoteDescription(offer);
    var answer = await pc.createAnswer();
    var sdp = answer.sdp.replace(/a=ice-ufrag:\S+/, "a=ice-ufrag:" + way.ufrag).replace(/a=ice-pwd:\S+/, "a=ice-pwd:" + way.pwd);
    await pc.setLocalDescription({type: "answer", sdp: sdp});
  }

  // Guest: the host's spare offer kept, with the credentials of the answer to come, and those sent back.
  async function gotSpare(offer) {
    if (!expand(offer, "offer") || !joined) return;
    var promise = await promised("guest");
    if (!promise) return;
    var way = {code: joined.code, seat: joined.seat, offer: offer, ufrag: promise.ufrag, pwd: promise.pwd};
    try { localStorage.setItem(WAY_BACK, JSON.stringify(way)); } catch (e) { return; }
    send(-1, JSON.stringify({net: "back", a: promise.text}));
  }

  // Guest: back to the seat along the way kept (false: none kept for this invitation, or it can't be taken).
  async function comeBack() {
    var way = kept();
    var offer = way && joined && way.code === joined.code ? expand(way.offer, "offer") : null;
    if (!offer) return false;
    try { localStorage.removeItem(WAY_BACK); } catch (e) { /* the way is used once */ }
    var cert = await certificate("guest");
    if (!cert) return false;
    close(-1);
    var pc = new RTCPeerConnection({iceServers: [], certificates: [cert]});
    var peer = peers[-1] = {pc: pc, channel: null, open: false, timer: 0};
    pc.addEventListener("connectionstatechange", function () {
      var state = pc.connectionState;
      if (peers[-1] === peer && (state === "failed" || state === "closed" || state === "disconnected")) lost(-1, peer);
    });
    pc.ondatachannel = function (e) { wire(-1, e.channel); };
    try { await answerAsPromised(pc, offer, way); } catch (e) { close(-1); return false; }
    watch(-1);
    return true;
  }

  // ----- the way home (the host's page reloaded) -------------------------------------------------
  var homeWay = null;  // guest: {pc, channel, answer, armed, timer}: a connection waiting for a reloaded host
  var HOMES = "hf-home-ways";  // host: localStorage key of {seat: {offer, ufrag, pwd}}

  // Guest: a spare connection of its own, its offer sent over the open link for the host to keep.
  async function makeHome() {
    dropHome();
    var pc = new RTCPeerConnection({iceServers: []});
    var way = homeWay = {pc: pc, channel: pc.createDataChannel("hf", {ordered: true}), answer: null, armed: false, timer: 0};
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (homeWay !== way) return;
    send(-1, JSON.stringify({net: "home", o: compact(pc.localDescription.sdp)}));
  }

  // Guest: a way home armed and still waiting for the host's page (so a failed way back is not the end yet).
  function homeWaiting() { return !!homeWay && homeWay.armed; }

  function gotHomeBack(text) {
    if (!homeWay || homeWay.armed || text.split("~").length !== 3) return;
    homeWay.answer = expand(text + "~", "answer", true);  // null when it isn't one
  }

  function dropHome() {
    var way = homeWay;
    homeWay = null;
    if (!way) return;
    clearTimeout(way.timer);
    if (!peers[-1] || peers[-1].pc !== way.pc) try { way.pc.close(); } catch (e) { /* already closed */ }
  }

  // Guest: the link dropped; the spare waits HOME_MS for the host's page to come back and answer it.
  function armHome() {
    var way = homeWay;
    if (!way || !way.answer || way.armed || way.pc.signalingState !== "have-local-offer") { dropHome(); return; }
    way.armed = true;
    var peer = {pc: way.pc, channel: null, open: false, timer: 0};
    wire(-1, way.channel, peer);
    way.pc.addEventListener("connectionstatechange", function () {
      var state = way.pc.connectionState;
      if (peers[-1] === peer && peer.open && (state === "failed" || state === "closed" || state === "disconnected")) lost(-1, peer);
    });
    way.timer = setTimeout(function () {
      if (homeWay !== way) return;
      dropHome();
      if (!peers[-1] || !peers[-1].open) { close(-1); tell("fail", -1); }
    }, HOME_MS);
    way.pc.setRemoteDescription(way.answer).catch(function () { if (homeWay === way) way.armed = false; });
  }

  function homes() {
    try {
      var data = JSON.parse(localStorage.getItem(HOMES) || "{}");
      return data && typeof data === "object" && !Array.isArray(data) ? data : {};
    } catch (e) { return {}; }
  }

  // Host: a guest's spare offer kept for this seat, with the credentials of the answer a reloaded page gives.
  async function gotHome(seat, offer) {
    if (!expand(offer, "offer")) return;
    var promise = await promised("host");
    if (!promise || !peers[seat] || !peers[seat].open) return;
    var all = homes();
    all[seat] = {offer: offer, ufrag: promise.ufrag, pwd: promise.pwd};
    try { localStorage.setItem(HOMES, JSON.stringify(all)); } catch (e) { return; }
    send(seat, JSON.stringify({net: "homeback", a: promise.text}));
  }

  // Host, its page reloaded: answer the offer kept for ``seat`` as promised; the held connection (its channel
  // not yet handed to the table), or null when no way home was kept. Each kept offer serves once.
  async function answerHome(seat) {
    var all = homes(), way = all[seat];
    delete all[seat];
    try { localStorage.setItem(HOMES, JSON.stringify(all)); } catch (e) { /* it fails again next time */ }
    var ok = way && typeof way === "object" && /^[0-9a-f]{8}$/.test(way.ufrag) && /^[0-9a-f]{32}$/.test(way.pwd);
    var offer = ok ? expand(way.offer, "offer") : null;
    var cert = offer ? await certificate("host") : null;
    if (!cert) return null;
    var pc = new RTCPeerConnection({iceServers: [], certificates: [cert]});
    var peer = {pc: pc, channel: null, open: false, timer: 0, held: true, waiting: false, inbox: []};
    pc.ondatachannel = function (e) { wire(seat, e.channel, peer); };
    pc.addEventListener("connectionstatechange", function () {
      var state = pc.connectionState;
      if (peers[seat] === peer && peer.open && (state === "failed" || state === "closed" || state === "disconnected")) lost(seat, peer);
      else if (peers[seat] !== peer && (state === "failed" || state === "closed")) try { pc.close(); } catch (e) { /* closed */ }
    });
    try { await answerAsPromised(pc, offer, way); } catch (e) { try { pc.close(); } catch (e2) { /* closed */ } return null; }
    performance.mark("hf-home-answered", {detail: {seat: seat}});
    setTimeout(function () { if (peers[seat] !== peer) try { pc.close(); } catch (e) { /* closed */ } }, HOME_MS);
    return peer;
  }

  // The ways home are answered as soon as the reloaded page's first script runs, not when the table has
  // started: the guest's phone has completed its side and waits for the host's first connectivity check,
  // and Firefox gives such a connection up after five seconds with no word from the other side (the table
  // itself takes longer than that to start on a phone, or under load).
  var early = {};  // seat -> Promise of its held connection (or null)
  if (typeof RTCPeerConnection === "function" && String(location.hash).indexOf("#join=") !== 0 &&
      String(location.hash).indexOf("#answer=") !== 0) {
    Object.keys(homes()).forEach(function (key) {
      if (/^[0-5]$/.test(key)) early[key] = answerHome(Number(key)).catch(function () { return null; });
    });
  }
  // Settled when each is answered (ui/boot.js holds the table's start for it, briefly: that start keeps the page
  // busy for seconds at a time, and these answers need a few of its moments).
  var homesAnswered = Promise.all(Object.keys(early).map(function (key) { return early[key]; }));

  // Host: the table claims ``seat``'s way home: true when one was kept and is waiting for the guest's phone
  // ("open" follows when it connects, or at once when it already has).
  async function home(seat) {
    var pending = early[seat];
    delete early[seat];
    var peer = await (pending || answerHome(seat));
    if (!peer) return false;
    peer.held = false;
    setTimeout(function () {  // (after the table has heard that the seat's phone is on its way back)
      if (peer.waiting && peer.channel && peer.channel.readyState === "open") opened(seat, peer);
      peer.inbox.splice(0).forEach(function (text) { heard(seat, text); });
    }, 0);
    return true;
  }

  // Host: the seats whose ways home the table will claim; any other answered early is closed unused.
  function keepHomes(seats) {
    Object.keys(early).forEach(function (key) {
      if (seats.indexOf(Number(key)) >= 0) return;
      var pending = early[key];
      delete early[key];
      pending.then(function (peer) { if (peer) try { peer.pc.close(); } catch (e) { /* closed */ } });
    });
  }

  function send(seat, text) {
    var peer = peers[seat];
    if (!peer || !peer.open || !peer.channel || peer.channel.readyState !== "open") return false;
    peer.channel.send(text);
    return true;
  }

  // An answer link opened in another tab of this origin goes to the running table.
  var hub = "BroadcastChannel" in window ? new BroadcastChannel("hf-remote") : null;
  if (hub) hub.onmessage = function (e) {
    if (e.data && typeof e.data.answer === "string") window.dispatchEvent(new CustomEvent("hf-answer", {detail: e.data.answer}));
  };
  var hash = String(location.hash);
  window.hfAnswerTab = false;
  if (hash.indexOf("#answer=") === 0) {
    window.hfAnswerTab = true;
    if (hub) hub.postMessage({answer: hash.slice(8)});
    history.replaceState(null, "", location.pathname);
    var note = function () {
      var app = document.getElementById("app"), boot = document.getElementById("boot");
      if (boot) boot.remove();
      if (app) {
        app.removeAttribute("inert");
        app.innerHTML = '<section class="remote-handed" role="status"><h1>Answer passed to your table</h1>' +
          "<p>" + (hub ? "The table open in your other tab has it: go back to it. You can close this tab."
                       : "This browser can't pass it between tabs: paste the answer into the table instead.") + "</p></section>";
      }
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", note); else note();
  }

  window.hfNet = {supported: typeof RTCPeerConnection === "function",
                  invite: invite, accept: accept, join: join, send: send, close: close, home: home,
                  keepHomes: keepHomes, homesAnswered: homesAnswered,
                  hasHome: function (seat) {
                    var way = homes()[seat];
                    return seat in early || (!!way && typeof way === "object");
                  },
                  compact: compact, expand: expand, CONNECT_MS: CONNECT_MS};
})();
