// The executions list's script, served as a static file under `/console/assets/` (the console's
// CSP allows no inline script).

/**
 * `/console/assets/list.js`: keeps the first page of an executions list (sorted newest first)
 * current. Every 5 seconds while the tab is visible (`document.visibilityState`), it fetches the
 * rows-only answer named by `data-live` on the table (the same filters with `fragment=rows`) and
 * merges it into the table body by execution name (`data-name`): new rows go in at their place,
 * changed cells are replaced unless they hold the focus, rows no longer listed go. It never moves
 * the focus, keeps the first visible row where it was on screen, and says what changed in the
 * polite status `#list-status` ("2 new executions, 1 execution changed phase"). On an error (or a
 * redirect, such as to a login page) it waits twice as long each time, up to 60 seconds. The rows
 * are the server's own escaped rendering, parsed inert in a <template>.
 */
export const LIST_SCRIPT = `(function(){
var table=document.querySelector('table[data-live]');
if(!table||!window.fetch||!('content' in document.createElement('template')))return;
var url=table.getAttribute('data-live'),body=table.tBodies[0],status=document.getElementById('list-status');
var BASE=5000,MAX=60000,delay=BASE,timer=null,busy=false;
function plural(n,one,many){return n+' '+(n===1?one:many)}
function firstVisible(){var rows=body.rows;for(var i=0;i<rows.length;i++){if(rows[i].getBoundingClientRect().top>=0)return rows[i]}return null}
function apply(html){
  var t=document.createElement('template');t.innerHTML=html;
  var fresh=t.content.querySelectorAll('tr[data-name]');
  var old={},i,j,active=document.activeElement,added=0,changed=0;
  for(i=0;i<body.rows.length;i++)old[body.rows[i].getAttribute('data-name')]=body.rows[i];
  var anchor=firstVisible(),top=anchor?anchor.getBoundingClientRect().top:0,prev=null;
  for(i=0;i<fresh.length;i++){
    var f=fresh[i],name=f.getAttribute('data-name'),cur=Object.prototype.hasOwnProperty.call(old,name)?old[name]:null;
    if(cur){delete old[name];
      if(cur.cells[1]&&f.cells[1]&&cur.cells[1].textContent!==f.cells[1].textContent)changed++;
      for(j=0;j<f.cells.length&&j<cur.cells.length;j++){var c=cur.cells[j];
        if(c.innerHTML!==f.cells[j].innerHTML&&!c.contains(active))cur.replaceChild(document.importNode(f.cells[j],true),c)}
    }else{cur=document.importNode(f,true);added++}
    var want=prev?prev.nextElementSibling:body.firstElementChild;
    if(cur!==want)body.insertBefore(cur,want);
    prev=cur;
  }
  for(var gone in old){if(Object.prototype.hasOwnProperty.call(old,gone)&&!old[gone].contains(active))old[gone].remove()}
  if(anchor&&anchor.isConnected){var moved=anchor.getBoundingClientRect().top-top;if(moved)window.scrollBy(0,moved)}
  var empty=document.getElementById('list-empty');if(empty)empty.hidden=body.rows.length>0;
  var parts=[];if(added)parts.push(plural(added,'new execution','new executions'));
  if(changed)parts.push(plural(changed,'execution','executions')+' changed phase');
  if(parts.length&&status)status.textContent=parts.join(', ');
}
function schedule(ms){clearTimeout(timer);timer=setTimeout(tick,ms)}
function tick(){
  timer=null;if(busy||document.visibilityState!=='visible')return;busy=true;
  fetch(url,{credentials:'same-origin',headers:{accept:'text/html'}}).then(function(r){
    if(!r.ok||r.redirected)throw new Error('status '+r.status);return r.text()
  }).then(function(t){apply(t);delay=BASE}).catch(function(){delay=Math.min(delay*2,MAX)}).then(function(){
    busy=false;if(document.visibilityState==='visible')schedule(delay)});
}
document.addEventListener('visibilitychange',function(){
  if(document.visibilityState==='visible'){if(!busy)schedule(0)}else clearTimeout(timer)});
schedule(BASE);
})();`;
