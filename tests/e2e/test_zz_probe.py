import time
def test_probe(new_page, server_url):
    page = new_page(width=375, height=800)
    log = []
    page.on("requestfinished", lambda r: log.append((r.url[-60:], r.timing)))
    for path in ["/", "/sv/", "/sv/hotels/spain/barcelona/barcelona-excelsior-hotel", "/sv/hotels/spain/barcelona/barcelona-excelsior-hotel"]:
        log.clear()
        t = time.perf_counter()
        page.goto(server_url + path, wait_until="domcontentloaded")
        print("GOTO", path, round(time.perf_counter() - t, 3))
        page.wait_for_load_state("load")
        print(" LOAD", round(time.perf_counter() - t, 3))
        for url, tm in log:
            print("   ", url, round(tm["responseStart"]), round(tm["responseEnd"]))
