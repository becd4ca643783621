/**
 * Script-injection attempts, grouped by the filter-evasion technique they use. Every payload that
 * would run calls `__xss(id)` (or `parent.__xss(id)` from inside a frame), which the browser test
 * defines to record the id.
 */
export interface XssPayload {
  id: string;
  html: string;
}

const groups: Record<string, string[]> = {
  'plain tags and handlers': [
    '<script>__xss("s1")</script>',
    '<img src=x onerror=__xss("s2")>',
    '<body onload=__xss("s3")>',
    '<input autofocus onfocus=__xss("s4")>',
    '<details open ontoggle=__xss("s5")>x</details>',
    '<video><source onerror=__xss("s6")></video>',
    '<audio src=x onerror=__xss("s7")></audio>',
    '<marquee onstart=__xss("s8")>x</marquee>',
    '<div onmouseover=__xss("s9") style="position:fixed;inset:0">x</div>',
  ],
  'mixed case': [
    '<ScRiPt>__xss("c1")</sCrIpT>',
    '<IMG SRC=x OnErRoR=__xss("c2")>',
    '<a HREF="JaVaScRiPt:__xss(\'c3\')">x</a>',
    '<SVG ONLOAD=__xss("c4")>',
    '<iMg sRc=x oNeRrOr="__xss(\'c5\')">',
  ],
  entities: [
    '<a href="&#106;avascript:__xss(\'e1\')">x</a>',
    '<a href="javascript&colon;__xss(\'e2\')">x</a>',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;__xss(\'e3\')">x</a>',
    '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058__xss(\'e4\')">x</a>',
    '&lt;img src=x onerror=__xss("e5")&gt;',
    '&amp;lt;img src=x onerror=__xss("e6")&amp;gt;',
    '&lt;script&gt;__xss("e7")&lt;/script&gt;',
    '<img src=x onerror="&#95;&#95;xss(&quot;e8&quot;)">',
  ],
  'encoded javascript: URLs': [
    '<a href="jav&#x09;ascript:__xss(\'u1\')">x</a>',
    '<a href="jav&#x0A;ascript:__xss(\'u2\')">x</a>',
    '<a href=" &#14;  javascript:__xss(\'u3\')">x</a>',
    '<a href="java\u0000script:__xss(\'u4\')">x</a>',
    '<a href="vbscript:__xss(\'u5\')">x</a>',
    '<a href="data:text/html,<script>parent.__xss(\'u6\')</script>">x</a>',
    '<form action="javascript:__xss(\'u7\')"><button>x</button></form>',
    '<button formaction="javascript:__xss(\'u8\')">x</button>',
    '<meta http-equiv="refresh" content="0;url=javascript:__xss(\'u9\')">',
  ],
  'nested tags': [
    '<b><i><em><strong><p><img src=x onerror=__xss("n1")></p></strong></em></i></b>',
    '<p><p><b><script>__xss("n2")</script></b></p></p>',
    '<b onclick=__xss("n3")><i onmouseover=__xss("n3")>x</i></b>',
    '<p style="background:url(javascript:__xss(\'n4\'))">x</p>',
    '<strong/onclick=__xss("n5")>x</strong>',
    '<i title="&quot; onerror=__xss(&quot;n6&quot;) x=&quot;">x</i>',
    '<br onload=__xss("n7")><p id=x onfocus=__xss("n7") tabindex=0 autofocus>x</p>',
  ],
  'broken tags': [
    '<img src=x onerror=__xss("b1")',
    '<<script>__xss("b2")//<</script>',
    '<scr<script>ipt>__xss("b3")</scr</script>ipt>',
    '<img """><script>__xss("b4")</script>">',
    '<img src="x` `<script>__xss("b5")</script>"` `>',
    '</title><img src=x onerror=__xss("b6")>',
    '</textarea><img src=x onerror=__xss("b7")>',
    '<!--><img src=x onerror=__xss("b8")>-->',
    '<![CDATA[><img src=x onerror=__xss("b9")>]]>',
    '<?xml version="1.0"?><img src=x onerror=__xss("b10")>',
    '<scr\u0000ipt>__xss("b11")</scr\u0000ipt>',
    '<img src=x\u0000 onerror=__xss("b12")>',
    '<img/src=x/onerror=__xss("b13")>',
    '<img src=x onerror\n=\n__xss("b14")>',
  ],
  'svg and math namespaces': [
    '<svg><script>__xss("m1")</script></svg>',
    '<svg><animate onbegin=__xss("m2") attributeName=x dur=1s></svg>',
    '<svg><a xlink:href="javascript:__xss(\'m3\')"><text x=20 y=20>x</text></a></svg>',
    '<svg><foreignObject><img src=x onerror=__xss("m4")></foreignObject></svg>',
    '<svg><![CDATA[<img src=x onerror=__xss("m5")>]]></svg>',
    '<svg></p><style><a id="</style><img src=1 onerror=__xss("m6")>">',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=__xss(\'m7\')&gt;">',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss("m8")>',
    '<math href="javascript:__xss(\'m9\')">x</math>',
    '<svg><set attributeName="onmouseover" to="__xss(\'m10\')"/></svg>',
  ],
  'srcdoc and frames': [
    '<iframe srcdoc="<img src=x onerror=parent.__xss(\'f1\')>"></iframe>',
    '<iframe srcdoc="&lt;script&gt;parent.__xss(\'f2\')&lt;/script&gt;"></iframe>',
    '<iframe src="javascript:parent.__xss(\'f3\')"></iframe>',
    '<iframe src="data:text/html,<script>parent.__xss(\'f4\')</script>"></iframe>',
    '<object data="javascript:parent.__xss(\'f5\')"></object>',
    '<embed src="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoJ2Y2Jyk8L3NjcmlwdD4=">',
  ],
  'raw-text and template elements': [
    '<noscript><p title="</noscript><img src=x onerror=__xss("r1")>">',
    '<template><img src=x onerror=__xss("r2")></template>',
    '<style>@import "javascript:__xss(\'r3\')";</style><img src=x onerror=__xss("r3")>',
    '<xmp><img src=x onerror=__xss("r4")></xmp>',
    '<plaintext><img src=x onerror=__xss("r5")>',
    '<textarea><img src=x onerror=__xss("r6")></textarea>',
    '<title><img src=x onerror=__xss("r7")></title>',
  ],
};

export const XSS_PAYLOADS: XssPayload[] = Object.entries(groups).flatMap(([group, payloads]) =>
  payloads.map((html, index) => ({ id: `${group} #${index + 1}`, html })),
);
