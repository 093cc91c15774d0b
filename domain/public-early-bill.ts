/**
 * scan.html's inline script (scripts/build/scan-early-bill.ts puts it in the page's head): from the
 * address's hash it asks for the bill the page will show (a lane's, a space's or an order's), before
 * the page's scripts arrive, and leaves the answer as `window.__earlyBill` for src/public/early-bill.ts.
 * The query is built in the order src/public/api.ts builds it, so the addresses are the same.
 * Kept to ES5 without arrow functions: it runs as written, before any bundle, in every browser.
 * The server's Content-Security-Policy allows it by its sha256 (server/lib/security-headers.ts).
 */
export const EARLY_BILL_SCRIPT =
  '(function(){try{var h=location.hash.replace(/^#/,""),i=h.indexOf("?"),p=i<0?h:h.slice(0,i),' +
  'q=new URLSearchParams(i<0?"":h.slice(i+1)),o=new URLSearchParams(),u="",k=q.get("parkingId");' +
  'if(p==="/scanQRcode"&&k){o.set("parkingId",k);' +
  'if(q.get("laneId")){o.set("laneId",q.get("laneId"));u="/api/public/Scan/Lane?";' +
  // an unplated car's entry pass of the lot, as src/public/passport.ts keeps it
  'var s="";try{s=localStorage.getItem("pp-passport:"+k)||""}catch(e){}if(/^[0-9a-f]{32}$/.test(s))o.set("passport",s)}' +
  'else if(q.get("spaceId")){o.set("spaceId",q.get("spaceId"));u="/api/public/Scan/Space?"}}' +
  'else if(p==="/orderInfoByQRcode"&&q.get("token")){o.set("token",q.get("token"));u="/api/public/Scan/Order?"}' +
  'if(u){u+=o.toString();window.__earlyBill={url:u,response:fetch(u,{headers:{Accept:"application/json"},cache:"no-store"})}}' +
  '}catch(e){}})();';
