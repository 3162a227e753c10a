"""First page loads of the production build (issue 12), in headless Chromium through chromedriver's W3C API.

Usage: build and start the production jar with demo data (docs/benchmarks.md), then
    python3 src/bench/python/first_load.py http://localhost:18080 / /sizing /quotes /customers /projects
Signs in as the demo consultant, then loads each path three times as a full page load (cold, then warm) and prints,
per path, [milliseconds until the view's title is rendered, navigation loadEventEnd in ms, durations of the
server round trips (UIDL requests) in ms]. A benchmark, not a test.
"""
import json, subprocess, time, urllib.request, sys, os, tempfile
BASE=sys.argv[1]; PORT=9515
drv=subprocess.Popen(['/usr/bin/chromedriver','--port=%d'%PORT],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
time.sleep(1)
def call(method,path,body=None):
    req=urllib.request.Request('http://127.0.0.1:%d%s'%(PORT,path),method=method,data=None if body is None else json.dumps(body).encode(),headers={'Content-Type':'application/json'})
    return json.loads(urllib.request.urlopen(req,timeout=120).read())['value']
prof=tempfile.mkdtemp()
caps={'capabilities':{'alwaysMatch':{'browserName':'chrome','goog:chromeOptions':{'binary':'/usr/bin/chromium','args':['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run','--window-size=1440,900','--user-data-dir='+prof]}}}}
sid=call('POST','/session',caps)['sessionId']
def js(script,args=[]): return call('POST','/session/%s/execute/sync'%sid,{'script':script,'args':args})
def go(url): call('POST','/session/%s/url'%sid,{'url':url})
def wait(cond,timeout=60):
    t=time.time()
    while time.time()-t<timeout:
        if js(cond): return True
        time.sleep(0.02)
    raise Exception('timeout '+cond)
try:
    go(BASE+'/login')
    wait("return !!document.querySelector(\"vaadin-text-field[name='username']\")")
    def find(css): return list(call('POST','/session/%s/element'%sid,{'using':'css selector','value':css}).values())[0]
    def keys(el,text): call('POST','/session/%s/element/%s/value'%(sid,el),{'text':text})
    keys(find("vaadin-text-field[name='username'] input"),'consultant@sanfei.demo')
    keys(find("vaadin-password-field[name='password'] input"),'Demo-Consultant-2026!\ue007')
    wait("return !!document.getElementById('user-menu')")
    views=sys.argv[2:]
    res={}
    for rnd in range(3):
        for v in views:
            t0=time.time(); go(BASE+v)
            wait("const t=document.getElementById('view-title'); return !!t && t.textContent.trim().length>0 && !document.querySelector('vaadin-connection-indicator[loading]')")
            ms=(time.time()-t0)*1000
            nav=js("const n=performance.getEntriesByType('navigation')[0]; return n? Math.round(n.loadEventEnd):null")
            # the server round trips of the load (Vaadin's UIDL requests): how much of the figure is the server
            xhr=js("return performance.getEntriesByType('resource').filter(r=>r.name.includes('v-r=')).map(r=>Math.round(r.duration))")
            res.setdefault(v,[]).append((round(ms),nav,xhr))
    print(json.dumps(res))
finally:
    call('DELETE','/session/%s'%sid); drv.terminate()
