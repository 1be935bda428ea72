/* global window, document, URL, setTimeout */
// A stand-in for https://apis.google.com/js/api.js (gapi.iframes only), for browser tests on machines
// without internet access. The Firebase Auth SDK's popup flow and the Auth emulator's helper iframe
// both load gapi to talk to each other across origins; this shim carries their messages with plain
// postMessage. Only what those two callers use is implemented.
(function () {
  'use strict';
  var TAG = '__gapiShim';
  var seq = 0;

  function Channel(target) {
    this.target = target; // the other window
    this.handlers = {};
    this.pending = {}; // name -> messages that arrived before a handler was registered
    this.replies = {};
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var queued = this.pending[name] || [];
    delete this.pending[name];
    for (var i = 0; i < queued.length; i++) this.deliver(queued[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = TAG + ++seq + Math.random();
    if (callback) this.replies[id] = callback;
    this.target.postMessage({ tag: TAG, kind: 'send', name: name, data: data, id: id }, '*');
  };
  Channel.prototype.deliver = function (msg) {
    var handler = this.handlers[msg.name];
    if (!handler) {
      (this.pending[msg.name] = this.pending[msg.name] || []).push(msg);
      return;
    }
    var result;
    try {
      result = handler(msg.data);
    } catch {
      result = { status: 'ERROR' };
    }
    this.target.postMessage({ tag: TAG, kind: 'reply', id: msg.id, responses: [result] }, '*');
  };
  Channel.prototype.onReply = function (msg) {
    var cb = this.replies[msg.id];
    delete this.replies[msg.id];
    if (cb) {
      try {
        cb(msg.responses);
      } catch {
        // the SDK's own callback may throw after it has its answer
      }
    }
  };

  var channels = [];
  window.addEventListener('message', function (e) {
    var msg = e.data;
    if (!msg || msg.tag !== TAG) return;
    for (var i = 0; i < channels.length; i++) {
      var ch = channels[i];
      if (ch.target !== e.source) continue;
      if (msg.kind === 'send') ch.deliver(msg);
      else ch.onReply(msg);
    }
  });

  var context = {
    // The parent page opens the helper iframe.
    open: function (opts, ready) {
      var frame = document.createElement('iframe');
      frame.src = opts.url;
      var attrs = opts.attributes || {};
      for (var k in attrs) {
        if (k === 'style') for (var s in attrs.style) frame.style[s] = attrs.style[s];
        else frame.setAttribute(k, attrs[k]);
      }
      var loaded = new Promise(function (resolve) {
        frame.addEventListener('load', resolve, { once: true });
      });
      (opts.where || document.body).appendChild(frame);
      var ch = new Channel(frame.contentWindow);
      channels.push(ch);
      var handle = {
        restyle: function () {
          return Promise.resolve();
        },
        ping: function (cb) {
          return loaded.then(function () {
            if (cb) cb();
          });
        },
        register: function (name, handler) {
          ch.register(name, handler);
        },
        send: function (name, data, cb) {
          ch.send(name, data, cb);
        },
      };
      return ready ? ready(handle) : Promise.resolve(handle);
    },
    // The helper iframe talks to the page that opened it.
    getParentIframe: function () {
      var ch = new Channel(window.parent);
      channels.push(ch);
      return {
        register: function (name, handler) {
          ch.register(name, handler);
        },
        send: function (name, data, cb) {
          ch.send(name, data, cb);
        },
      };
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
  };
  window.gapi.load = function (_name, opts) {
    var cb = typeof opts === 'function' ? opts : opts && opts.callback;
    if (cb) setTimeout(cb, 0);
  };

  var src = document.currentScript && document.currentScript.src;
  var onload = src ? new URL(src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
