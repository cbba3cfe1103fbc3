// The execution page's own stylesheet and script, served as static files under
// `/console/assets/` (the console's CSP allows no inline style or script).

/** `/console/assets/execution.css`: the timeline, typed values and logs. */
export const EXECUTION_STYLE = `.timeline-box{overflow-x:auto;max-width:100%}
#summary td{overflow-wrap:anywhere}.graph{overflow-x:auto;max-width:100%}.graph svg{max-width:100%;height:auto}
dl.literals dd{min-width:0;overflow-wrap:anywhere}pre.log{max-width:100%}
svg.timeline{font:12px system-ui,sans-serif;max-width:100%;height:auto}
svg.timeline text{fill:var(--fg)}svg.timeline a text{fill:var(--link);text-decoration:underline}
svg.timeline .axis{fill:var(--muted)}
.legend .key{display:inline-block;padding:0 .4rem;color:var(--fg)}
.legend .key::before{content:'';display:inline-block;width:.8em;height:.8em;margin-right:.3em;border-radius:2px;vertical-align:-.05em}
.legend .queued::before{background:#d6d6d6}.legend .RUNNING::before{background:#6b9cf0}
.legend .SUCCEEDED::before{background:#4fb06d}.legend .FAILED::before{background:#d9534f}
.legend .cache-hit::before{background:#a7d8f0}
dl.literals{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}
dl.literals dt{font-weight:bold}dl.literals dd{margin:0}
ul.tree{list-style:none;margin:.2rem 0;padding-left:1.2rem;border-left:1px dotted var(--border)}
.key{color:var(--muted)}small.type{color:var(--muted)}.value.string::before,.value.string::after{content:'"';color:var(--muted)}
pre.log{max-height:24rem;margin:.3rem 0}pre.log:empty{display:none}pre.stderr{border-left:3px solid var(--bad)}
details.node-log{margin:.4rem 0}time.ts{color:var(--muted);margin-right:.8em;user-select:none}details.node-log h3{font-size:1rem;margin:.6rem 0 .2rem}
tr:target{outline:2px solid var(--warn)}
ul.annotations{list-style:none;margin:0;padding:0}ul.annotations li{display:inline;margin-right:1rem}`;

/**
 * `/console/assets/execution.js`: keeps a running execution's page current without reloading it.
 * Follows the watch stream named by `data-watch` on `#execution`; on each event it fetches the
 * page again and swaps in its live parts (header, timeline, values, nodes, graph), adds the log
 * blocks of nodes that started, and follows the log (the `data-follow` stream) of every open log
 * block of a running node, appending its lines as they come, each with its time when recorded.
 * Text only goes in through text nodes and `textContent`; the swapped parts are the server's own rendering of the same page.
 */
export const EXECUTION_SCRIPT = `(function(){
var root=document.getElementById('execution');
if(!root||!window.EventSource||!window.fetch||!window.DOMParser)return;
var LIVE=['summary','timeline','io','nodes','graph'];
var follows={};
function pre(block,attempt,stream){
  var sel='pre[data-log="'+attempt+'-'+stream+'"]';var p=block.querySelector(sel);if(p)return p;
  var box=document.createElement('div');box.className='attempt';box.setAttribute('data-attempt',String(attempt));
  var h=document.createElement('h3');h.textContent='Attempt '+attempt;box.appendChild(h);
  ['stdout','stderr'].forEach(function(s){var e=document.createElement('pre');e.className='log'+(s==='stderr'?' stderr':'');
    e.setAttribute('data-log',attempt+'-'+s);e.setAttribute('aria-label',block.getAttribute('data-node-log')+' attempt '+attempt+' '+s);box.appendChild(e)});
  block.appendChild(box);return block.querySelector(sel);
}
function stamp(ms){var d=new Date(ms).toISOString(),t=document.createElement('time');t.className='ts';
  t.setAttribute('datetime',d);t.title=d;t.textContent=d.slice(11,23);return t}
function put(p,c){if(c.reset)p.textContent='';var st=c.stamps||[],at=0;
  for(var i=0;i<=st.length;i++){var end=i<st.length?st[i].index:c.text.length;
    if(end>at)p.appendChild(document.createTextNode(c.text.slice(at,end)));at=end;if(i<st.length)p.appendChild(stamp(st[i].at))}}
function follow(block){
  var url=block.getAttribute('data-follow');var node=block.getAttribute('data-node-log');
  if(!url||follows[node]||!block.open)return;
  var source=new EventSource(url);follows[node]=source;
  source.addEventListener('chunk',function(m){var c;try{c=JSON.parse(m.data)}catch(x){return}
    put(pre(block,c.attempt,c.stream),c)});
  source.addEventListener('end',function(){source.close();delete follows[node];block.removeAttribute('data-follow');refresh()});
  source.addEventListener('error',function(){if(source.readyState===2){delete follows[node]}});
}
function followAll(){
  var blocks=document.querySelectorAll('details[data-node-log]');
  for(var i=0;i<blocks.length;i++){(function(b){follow(b);
    if(!b.hasAttribute('data-toggle')){b.setAttribute('data-toggle','');b.addEventListener('toggle',function(){
      var n=b.getAttribute('data-node-log');if(b.open)follow(b);else if(follows[n]){follows[n].close();delete follows[n]}})}})(blocks[i])}
}
var busy=false,again=false;
function refresh(){
  if(busy){again=true;return}busy=true;
  fetch(location.href,{credentials:'same-origin',headers:{accept:'text/html'}}).then(function(r){return r.text()}).then(function(t){
    var doc=new DOMParser().parseFromString(t,'text/html');
    LIVE.forEach(function(id){var a=document.getElementById(id),b=doc.getElementById(id);if(a&&b)a.replaceWith(document.importNode(b,true))});
    var logs=document.getElementById('logs'),fresh=doc.querySelectorAll('details[data-node-log]');
    for(var i=0;i<fresh.length;i++){var f=fresh[i];var cur=document.getElementById(f.id);
      if(!cur){var empty=logs.querySelector('p');if(empty&&!logs.querySelector('details'))empty.remove();logs.appendChild(document.importNode(f,true))}
      else if(!follows[f.getAttribute('data-node-log')]){var open=cur.open||f.open;var n=document.importNode(f,true);n.open=open;cur.replaceWith(n)}}
    followAll();
  }).catch(function(){}).then(function(){busy=false;if(again){again=false;refresh()}});
}
followAll();
var watch=root.getAttribute('data-watch');if(!watch)return;
var source=new EventSource(watch);
source.onmessage=function(m){var e;try{e=JSON.parse(m.data)}catch(x){return}
  var p=document.getElementById('phase');if(p&&e.phase){p.textContent=e.phase;p.className='phase '+e.phase}
  refresh()};
source.addEventListener('end',function(){source.close();refresh()});
})();`;
