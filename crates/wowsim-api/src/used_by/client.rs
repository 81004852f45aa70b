//! Whether the client has a name that wow-sim lacks, and by which evidence: the reference
//! (wowless: functions, namespaces, constants, enumerations, object methods), the client's own
//! dump of its global functions (`ProductData::client_api`), or the API documentation of the
//! given Blizzard UI (`api_docs.rs`). A name none of them has is absent in the client too:
//! code that reads it reads nil there as well (a guarded or dead reference of that code).

use crate::api::api_docs::Docs;
use rustc_hash::FxHashSet;
use wowsim_data::ProductData;

/// Where a used name that wow-sim lacks exists in the client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Evidence {
    /// The wowless reference lists it.
    Reference,
    /// The client's dump of its global environment lists it.
    ClientDump,
    /// The API documentation of the given Blizzard UI documents it.
    UiDocumentation,
}

impl Evidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Evidence::Reference => "the reference",
            Evidence::ClientDump => "the client's API dump",
            Evidence::UiDocumentation => "the UI's API documentation",
        }
    }
}

/// The names each source knows, gathered once per scan.
pub(crate) struct ClientFacts {
    data: &'static ProductData,
    namespaces: FxHashSet<String>,
    dump: FxHashSet<&'static str>,
    dump_namespaces: FxHashSet<&'static str>,
    methods: FxHashSet<String>,
    doc_apis: FxHashSet<String>,
    doc_namespaces: FxHashSet<String>,
    doc_methods: FxHashSet<String>,
    doc_enums: FxHashSet<String>,
    doc_constants: FxHashSet<String>,
}

fn namespace_of(name: &str) -> Option<&str> {
    name.rsplit_once('.').map(|(ns, _)| ns)
}

impl ClientFacts {
    pub(crate) fn new(data: &'static ProductData, docs: Option<&Docs>) -> ClientFacts {
        let namespaces = data
            .apis()
            .iter()
            .filter_map(|a| a.namespace.clone())
            .collect();
        let dump: FxHashSet<&'static str> = data.client_api().collect();
        let dump_namespaces = dump.iter().filter_map(|n| namespace_of(n)).collect();
        let mut methods: FxHashSet<String> = FxHashSet::default();
        for o in data.uiobjects() {
            methods.extend(o.methods.iter().map(|m| m.name.clone()));
        }
        for o in data.luaobjects() {
            methods.extend(o.methods.iter().map(|m| m.name.clone()));
        }
        let mut facts = ClientFacts {
            data,
            namespaces,
            dump,
            dump_namespaces,
            methods,
            doc_apis: FxHashSet::default(),
            doc_namespaces: FxHashSet::default(),
            doc_methods: FxHashSet::default(),
            doc_enums: FxHashSet::default(),
            doc_constants: FxHashSet::default(),
        };
        if let Some(Docs(d)) = docs {
            facts.doc_apis = d.apis.iter().map(|a| a.name.clone()).collect();
            facts.doc_namespaces = d.apis.iter().filter_map(|a| a.namespace.clone()).collect();
            facts.doc_methods = d.object_methods.iter().cloned().collect();
            facts.doc_enums = d.enums.iter().map(|e| e.name.clone()).collect();
            facts.doc_constants = d.constants.iter().map(|c| c.0.clone()).collect();
        }
        facts
    }

    /// Where the client has `name` of `kind` (`global`, `member`: `NS.key`, `method`).
    pub(crate) fn has(&self, kind: &str, name: &str) -> Option<Evidence> {
        let d = self.data;
        match kind {
            "method" => {
                if self.methods.contains(name) {
                    Some(Evidence::Reference)
                } else if self.doc_methods.contains(name) {
                    Some(Evidence::UiDocumentation)
                } else {
                    None
                }
            }
            _ => {
                let (ns, key) = name.split_once('.').unwrap_or(("", name));
                if d.api(name).is_some()
                    || (ns.is_empty() && d.global(name).is_some())
                    || self.namespaces.contains(name)
                    || (ns == "Enum" && d.enum_def(key).is_some())
                {
                    Some(Evidence::Reference)
                } else if self.dump.contains(name) || self.dump_namespaces.contains(name) {
                    Some(Evidence::ClientDump)
                } else if self.doc_apis.contains(name)
                    || self.doc_namespaces.contains(name)
                    || (ns == "Enum" && self.doc_enums.contains(key))
                    || (ns == "Constants" && self.doc_constants.contains(key))
                {
                    Some(Evidence::UiDocumentation)
                } else {
                    None
                }
            }
        }
    }
}
